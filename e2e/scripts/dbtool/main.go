// Command dbtool lets the browser tests arrange and inspect a test server's
// SQLite database directly, without admin endpoints:
//
//	go run ./e2e/scripts/dbtool seed-portfolio DATA_DIR < items.json
//	go run ./e2e/scripts/dbtool inquiries DATA_DIR
//
// seed-portfolio reads a JSON array of portfolio items in the API's form
// (store.PortfolioInput; an absent isActive means active) and stores them;
// inquiries prints every stored contact inquiry as JSON.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ugcfolio/ugcfolio/internal/contentversion"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "dbtool:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("usage: dbtool seed-portfolio|inquiries DATA_DIR")
	}
	ctx := context.Background()
	st, err := store.Open(ctx, "", filepath.Join(args[1], "ugcfolio.db"))
	if err != nil {
		return err
	}
	defer st.Close()
	switch args[0] {
	case "seed-portfolio":
		var items []json.RawMessage
		if err := json.NewDecoder(os.Stdin).Decode(&items); err != nil {
			return err
		}
		for _, raw := range items {
			in := store.PortfolioInput{IsActive: true}
			if err := json.Unmarshal(raw, &in); err != nil {
				return err
			}
			if _, err := st.CreatePortfolioItem(ctx, in); err != nil {
				return err
			}
		}
		// As the admin's writes do: a server that has already answered the
		// portfolio (a page rendered and cached, a list kept) under the old
		// version answers it anew. Without this the home page of a server
		// that served an earlier test file could stay empty.
		if err := contentversion.New(st).Bump(ctx); err != nil {
			return err
		}
		return nil
	case "inquiries":
		list, err := st.ListInquiries(ctx)
		if err != nil {
			return err
		}
		return json.NewEncoder(os.Stdout).Encode(list)
	}
	return fmt.Errorf("unknown command %q", args[0])
}
