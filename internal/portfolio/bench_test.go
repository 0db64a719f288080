package portfolio_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// BenchmarkListPortfolio measures a visitor's GET /api/portfolio/no with 50
// items through the whole handler chain (scripts/bench-api.sh loads it over
// the network). Run: go test -run x -bench ListPortfolio ./internal/portfolio
func BenchmarkListPortfolio(b *testing.B) {
	st := sitetest.SQLite(b)
	for i := range 50 {
		_, err := st.CreatePortfolioItem(context.Background(), store.PortfolioInput{
			Title: fmt.Sprintf("Produktvideo %d", i), Description: "Unboxing og bruk, filmet i naturlig lys.",
			Category: "product", ImageURL: fmt.Sprintf("https://images.example.com/%d.jpg", i),
			Featured: i%7 == 0, Language: "no", IsActive: true,
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	h := sitetest.New(b, st, sitetest.Options{}).Server.Handler()
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			w := httptest.NewRecorder()
			h.ServeHTTP(w, httptest.NewRequest("GET", "/api/portfolio/no", nil))
			if w.Code != http.StatusOK {
				b.Fatalf("status %d", w.Code)
			}
			io.Copy(io.Discard, w.Body)
		}
	})
}
