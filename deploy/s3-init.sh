#!/bin/sh
# Gives ugcfolio an S3 user of its own on versitygw, owning the site's bucket
# and nothing else: the replicas never hold the server's root keys, which
# can read and delete every bucket and manage users. compose.yaml runs this
# once (service s3-init) before the replicas start; running it again is
# harmless and applies a changed S3_SECRET_KEY.
#
# Environment: ADMIN_ENDPOINT_URL (versitygw's admin API), ADMIN_ACCESS_KEY_ID
# and ADMIN_SECRET_ACCESS_KEY (the root keys), APP_ACCESS_KEY, APP_SECRET_KEY,
# BUCKET; VERSITYGW the binary (default: where its image has it).
set -eu
vgw=${VERSITYGW:-/app/versitygw}
admin() { "$vgw" admin --endpoint-url "$ADMIN_ENDPOINT_URL" "$@"; }

# The first column of a listing (after its two header lines) holds $1.
listed() { awk -v want="$1" 'NR > 2 && $1 == want { found = 1 } END { exit !found }'; }

# An example's placeholder or the root's own key would give the app what
# this script exists to keep from it.
for secret in "$ADMIN_SECRET_ACCESS_KEY" "$APP_SECRET_KEY"; do
	case $(printf '%s' "$secret" | tr 'A-Z' 'a-z') in
	change-me* | changeme* | change_me*)
		echo "s3-init: S3_ROOT_SECRET_KEY or S3_SECRET_KEY holds a placeholder from env.example: set long random secrets of your own in .env" >&2
		exit 1
		;;
	esac
done
if [ "$APP_ACCESS_KEY" = "$ADMIN_ACCESS_KEY_ID" ]; then
	echo "s3-init: S3_ACCESS_KEY must differ from S3_ROOT_ACCESS_KEY: the app gets a user of its own" >&2
	exit 1
fi

tries=0
until admin list-users >/dev/null 2>&1; do
	tries=$((tries + 1))
	if [ "$tries" -ge 60 ]; then
		echo "s3-init: the S3 server's admin API at $ADMIN_ENDPOINT_URL does not answer with the root keys" >&2
		exit 1
	fi
	sleep 1
done

# Role "user": its own buckets only; it cannot create buckets or users.
if admin list-users | listed "$APP_ACCESS_KEY"; then
	admin update-user --access "$APP_ACCESS_KEY" --secret "$APP_SECRET_KEY" --role user
else
	admin create-user --access "$APP_ACCESS_KEY" --secret "$APP_SECRET_KEY" --role user
fi
# A bucket made earlier with the root keys changes hands.
if admin list-buckets | listed "$BUCKET"; then
	admin change-bucket-owner --bucket "$BUCKET" --owner "$APP_ACCESS_KEY"
else
	admin create-bucket --bucket "$BUCKET" --owner "$APP_ACCESS_KEY"
fi
echo "s3-init: $APP_ACCESS_KEY owns bucket $BUCKET"
