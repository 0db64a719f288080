package config

import (
	"fmt"
	"strings"
)

// FikenConfig connects invoicing to the creator's Fiken from the
// environment (docs/fiken.md); without a token Settings → Billing may
// connect it, and the token is stored sealed there.
type FikenConfig struct {
	// Token is a personal API token of Fiken (UGCFOLIO_FIKEN_TOKEN or
	// UGCFOLIO_FIKEN_TOKEN_FILE); never logged.
	Token string
	// Company is the company's slug in Fiken (UGCFOLIO_FIKEN_COMPANY).
	Company string
	// BankAccount is Fiken's bank account code invoices are paid to
	// (UGCFOLIO_FIKEN_BANK_ACCOUNT, default 1920:10001).
	BankAccount string
	// APIURL is Fiken's API (UGCFOLIO_FIKEN_API_URL, default
	// https://api.fiken.no/api/v2; a fake's in tests).
	APIURL string
}

func loadFiken(getenv Getenv) (FikenConfig, error) {
	f := FikenConfig{Company: strings.TrimSpace(getenv("UGCFOLIO_FIKEN_COMPANY")),
		BankAccount: strings.TrimSpace(getenv("UGCFOLIO_FIKEN_BANK_ACCOUNT")),
		APIURL:      strings.TrimRight(strings.TrimSpace(getenv("UGCFOLIO_FIKEN_API_URL")), "/")}
	var err error
	if f.Token, err = secret(getenv, "UGCFOLIO_FIKEN_TOKEN"); err != nil {
		return f, err
	}
	if f.Token != "" && f.Company == "" {
		return f, fmt.Errorf("UGCFOLIO_FIKEN_TOKEN is set without UGCFOLIO_FIKEN_COMPANY (the company's slug in Fiken)")
	}
	return f, nil
}
