package store

// Unexported names the external tests check.
var (
	IsUniqueViolation = isUniqueViolation
	Migrations        = migrations
)
