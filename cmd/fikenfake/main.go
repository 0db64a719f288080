// Command fikenfake serves the fake Fiken of the tests
// (internal/billing/fiken/fikentest) on an address, for browser tests and
// for looking at the Fiken screens without a Fiken account: point
// UGCFOLIO_FIKEN_API_URL at the address it prints.
//
//	go run ./cmd/fikenfake -addr 127.0.0.1:8089 -token test-token -company demo -ehf 123456785
package main

import (
	"flag"
	"fmt"
	"log"
	"net/http"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/billing/fiken/fikentest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8089", "address to listen on")
	token := flag.String("token", "test-token", "the API token the fake takes")
	company := flag.String("company", "demo", "the company's slug")
	ehf := flag.String("ehf", "", "organisation numbers reachable by EHF, comma-separated")
	flag.Parse()
	f, err := fikentest.Serve(*token, *company)
	if err != nil {
		log.Fatal(err)
	}
	for _, org := range strings.Split(*ehf, ",") {
		if org = strings.TrimSpace(org); org != "" {
			f.ReceivesEHF(org)
		}
	}
	fmt.Printf("fake Fiken: UGCFOLIO_FIKEN_API_URL=http://%s/api/v2 (token %q, company %q)\n", *addr, *token, *company)
	log.Fatal(http.ListenAndServe(*addr, f))
}
