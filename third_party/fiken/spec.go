// Package fikenspec holds Fiken's published OpenAPI description of its
// API v2 (README.md), for the fake Fiken the tests run against.
package fikenspec

import _ "embed"

// YAML is fiken-openapi.yaml, byte for byte.
//
//go:embed fiken-openapi.yaml
var YAML []byte
