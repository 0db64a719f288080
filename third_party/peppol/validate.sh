#!/usr/bin/env bash
# Validates UBL 2.1 invoices and credit notes against EN 16931 and Peppol BIS Billing 3.0 (EHF 3.0),
# with the official rules compiled to XSLT 2.0 (see README.md). Needs Java and Saxon-HE:
#   apt-get install -y default-jre-headless libsaxonhe-java
# Usage: validate.sh FILE.xml...   Prints one line per failed rule: "FILE: fatal|warning RULE-ID: text".
# Exit 0 when no file breaks a fatal rule, 1 when one does, 2 when it cannot run.
# All files go through one JVM per rule set (Saxon's directory mode): starting Java and compiling
# the 900 KB stylesheet is most of the time, so many files cost little more than one.
set -u
here=$(cd "$(dirname "$0")" && pwd)
jar=${SAXON_JAR:-/usr/share/java/Saxon-HE.jar}
command -v java >/dev/null && [ -f "$jar" ] || { echo "validate.sh: needs java and $jar (apt-get install -y default-jre-headless libsaxonhe-java)" >&2; exit 2; }
[ $# -gt 0 ] || { echo "usage: validate.sh FILE.xml..." >&2; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/in"
status=0
# Inputs are linked as 1.xml, 2.xml… (names may repeat across directories); names.txt maps them back.
n=0
for f in "$@"; do
  [ -f "$f" ] || { echo "$f: no such file" >&2; status=2; continue; }
  n=$((n + 1))
  ln -s "$(cd "$(dirname "$f")" && pwd)/$(basename "$f")" "$tmp/in/$n.xml"
  printf '%s\t%s\n' "$n" "$f" >>"$tmp/names.txt"
done
[ "$n" -gt 0 ] || exit "$status"
for x in en16931-ubl peppol-bis3-ubl; do
  mkdir "$tmp/$x"
  java -cp "$jar" net.sf.saxon.Transform -s:"$tmp/in" -xsl:"$here/$x.xslt" -o:"$tmp/$x" 2>"$tmp/$x.err" >/dev/null
done
python3 - "$tmp" <<'PY' || status=1
import os, sys, xml.etree.ElementTree as ET
tmp = sys.argv[1]
ns = {"svrl": "http://purl.oclc.org/dsdl/svrl"}
fatal = False
for line in open(os.path.join(tmp, "names.txt"), encoding="utf-8"):
    n, name = line.rstrip("\n").split("\t", 1)
    for x in ("en16931-ubl", "peppol-bis3-ubl"):
        svrl = os.path.join(tmp, x, n + ".xml")
        if not os.path.exists(svrl):
            err = open(os.path.join(tmp, x + ".err"), encoding="utf-8", errors="replace").read()
            print(f"{name}: not readable as XML by the {x} rules: {' '.join(err.split())[:300]}")
            fatal = True
            continue
        for fa in ET.parse(svrl).getroot().iter("{http://purl.oclc.org/dsdl/svrl}failed-assert"):
            flag = fa.get("flag") or "fatal"
            t = fa.find("svrl:text", ns)
            text = " ".join("".join(t.itertext()).split()) if t is not None else ""
            print(f"{name}: {flag} {fa.get('id') or '?'}: {text}")
            fatal = fatal or flag == "fatal"
sys.exit(1 if fatal else 0)
PY
exit $status
