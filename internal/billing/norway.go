package billing

import (
	"errors"
	"strconv"
	"strings"
)

// The Norwegian numbers an invoice carries, each with its check digit:
// the organisation number (Brønnøysundregistrene), the bank account number
// and the KID (kundeidentifikasjon) a payment is marked with. Their
// algorithms are public: MOD11 with fixed weights for the first two, MOD10
// (Luhn) or MOD11 for a KID, as the seller's bank agreed.

// KID algorithms a KID agreement may name.
const (
	KIDMod10 = "mod10"
	KIDMod11 = "mod11"
)

// KID lengths a bank agrees to (the check digit included).
const (
	MinKIDLength = 4
	MaxKIDLength = 25
)

// digitsOnly answers whether s is n decimal digits (any n > 0 when n is 0).
func digitsOnly(s string, n int) bool {
	if s == "" || (n > 0 && len(s) != n) {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// weightedMod11 answers the MOD11 check digit of digits with these
// weights (one per digit, left to right): 11 − (Σ dᵢwᵢ mod 11), where 11
// is 0. It answers 10 as is: an organisation or account number with it
// does not exist, and a KID writes it '-'.
func weightedMod11(digits string, weights []int) int {
	sum := 0
	for i, c := range digits {
		sum += int(c-'0') * weights[i]
	}
	check := 11 - sum%11
	if check == 11 {
		return 0
	}
	return check
}

var (
	orgWeights     = []int{3, 2, 7, 6, 5, 4, 3, 2}
	accountWeights = []int{5, 4, 3, 2, 7, 6, 5, 4, 3, 2}
)

// ValidOrgNumber answers whether s is a Norwegian organisation number: 9
// digits, the last the MOD11 check of the first 8 (weights 3 2 7 6 5 4 3 2).
func ValidOrgNumber(s string) bool {
	return digitsOnly(s, 9) && weightedMod11(s[:8], orgWeights) == int(s[8]-'0')
}

// ValidAccountNumber answers whether s is a Norwegian bank account
// number: 11 digits, the last the MOD11 check of the first 10 (weights
// 5 4 3 2 7 6 5 4 3 2).
func ValidAccountNumber(s string) bool {
	return digitsOnly(s, 11) && weightedMod11(s[:10], accountWeights) == int(s[10]-'0')
}

// mod11KIDCheck is a KID's MOD11 check: weights 2, 3, … 7, 2, 3, … from
// the right; 10 is written '-'.
func mod11KIDCheck(digits string) byte {
	weights := make([]int, len(digits))
	w := 2
	for i := len(digits) - 1; i >= 0; i-- {
		weights[i] = w
		if w++; w > 7 {
			w = 2
		}
	}
	check := weightedMod11(digits, weights)
	if check == 10 {
		return '-'
	}
	return byte('0' + check)
}

// mod10KIDCheck is a KID's MOD10 (Luhn) check: from the right every other
// digit doubled (its digits summed), the check what brings the sum to a
// multiple of 10.
func mod10KIDCheck(digits string) byte {
	sum := 0
	double := true
	for i := len(digits) - 1; i >= 0; i-- {
		d := int(digits[i] - '0')
		if double {
			if d *= 2; d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return byte('0' + (10-sum%10)%10)
}

func kidCheck(digits, algorithm string) byte {
	if algorithm == KIDMod11 {
		return mod11KIDCheck(digits)
	}
	return mod10KIDCheck(digits)
}

// MakeKID answers the KID of an invoice number: the number zero-padded to
// length − 1 digits and its check digit by the algorithm. An invoice
// number too long for the agreed length is an error: a KID never drops a
// digit.
func MakeKID(number int64, length int, algorithm string) (string, error) {
	if length < MinKIDLength || length > MaxKIDLength {
		return "", errors.New("a KID is 4 to 25 digits long")
	}
	if algorithm != KIDMod10 && algorithm != KIDMod11 {
		return "", errors.New(`a KID's algorithm is "mod10" or "mod11"`)
	}
	if number < 0 {
		return "", errors.New("a KID is made of a positive number")
	}
	base := strconv.FormatInt(number, 10)
	if len(base) > length-1 {
		return "", errors.New("invoice number " + base + " does not fit a KID of " + strconv.Itoa(length) + " digits")
	}
	base = strings.Repeat("0", length-1-len(base)) + base
	return base + string(kidCheck(base, algorithm)), nil
}

// ValidKID answers whether s is a KID by the algorithm: digits, the last
// (or '-' for a MOD11 check of 10) the check of the others.
func ValidKID(s, algorithm string) bool {
	if len(s) < 2 || len(s) > MaxKIDLength || !digitsOnly(s[:len(s)-1], 0) {
		return false
	}
	return s[len(s)-1] == kidCheck(s[:len(s)-1], algorithm)
}
