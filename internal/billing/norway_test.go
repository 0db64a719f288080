package billing

import "testing"

// The vectors come from public sources, named beside each: python-stdnum's
// stdnum.no.orgnr and stdnum.no.kontonr doctests, the Ondkloss
// norwegian-numbers README (npm, PyPI), and the Luhn example of
// Wikipedia's "Luhn algorithm" article.

func TestOrgNumber(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"988077917", true},  // python-stdnum no.orgnr
		{"123456785", true},  // norwegian-numbers: makeOrganisationNumber('12345678')
		{"974760673", true},  // Brønnøysundregistrene's own number
		{"988077918", false}, // a wrong check digit
		{"123456789", false},
		{"98807791", false},   // 8 digits
		{"9880779170", false}, // 10
		{"98807791a", false},
		{"988 077 917", false}, // the form trims spaces before it asks
		{"", false},
	} {
		if got := ValidOrgNumber(c.in); got != c.want {
			t.Errorf("ValidOrgNumber(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestAccountNumber(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"86011117947", true}, // python-stdnum no.kontonr
		{"12345678903", true}, // norwegian-numbers: makeAccountNumber('1234567890')
		{"86011117946", false},
		{"12345678901", false},
		{"8601111794", false},
		{"860111179470", false},
		{"8601.11.17947", false},
		{"", false},
	} {
		if got := ValidAccountNumber(c.in); got != c.want {
			t.Errorf("ValidAccountNumber(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestKIDCheckDigits(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		base, algorithm string
		want            byte
	}{
		{"1234", KIDMod10, '4'},       // norwegian-numbers: makeKidNumber('1234') → '12344'
		{"1234", KIDMod11, '3'},       // makeKidNumber('1234', 'MOD11') → '12343'
		{"7992739871", KIDMod10, '3'}, // Wikipedia, Luhn algorithm: 79927398713
		{"0000", KIDMod10, '0'},
		{"0000", KIDMod11, '0'}, // 11 − 0 = 11 → 0
		{"6", KIDMod11, '-'},    // 6 × 2 = 12 ≡ 1 (mod 11); 11 − 1 = 10, written '-'
		{"13", KIDMod11, '2'},   // 1 × 3 + 3 × 2 = 9; 11 − 9 = 2
	} {
		if got := kidCheck(c.base, c.algorithm); got != c.want {
			t.Errorf("check(%q, %s) = %q, want %q", c.base, c.algorithm, got, c.want)
		}
	}
}

func TestMakeKID(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		number    int64
		length    int
		algorithm string
		want      string
	}{
		{1234, 5, KIDMod10, "12344"},
		{1234, 5, KIDMod11, "12343"},
		{1234, 8, KIDMod10, "00012344"}, // leading zeros change no Luhn sum
		{6, 4, KIDMod11, "006-"},
		{10001, 25, KIDMod10, "000000000000000000010001" + string(mod10KIDCheck("000000000000000000010001"))},
	} {
		got, err := MakeKID(c.number, c.length, c.algorithm)
		if err != nil || got != c.want {
			t.Errorf("MakeKID(%d, %d, %s) = %q, %v; want %q", c.number, c.length, c.algorithm, got, err, c.want)
		}
		if err == nil && !ValidKID(got, c.algorithm) {
			t.Errorf("ValidKID(%q, %s) = false for a KID MakeKID made", got, c.algorithm)
		}
	}
	for _, bad := range []struct {
		number    int64
		length    int
		algorithm string
	}{
		{12345, 5, KIDMod10}, // 5 digits do not fit 4 before the check
		{1, 3, KIDMod10},
		{1, 26, KIDMod10},
		{1, 6, "luhn"},
		{-1, 6, KIDMod10},
	} {
		if kid, err := MakeKID(bad.number, bad.length, bad.algorithm); err == nil {
			t.Errorf("MakeKID(%d, %d, %q) = %q, want an error", bad.number, bad.length, bad.algorithm, kid)
		}
	}
}

func TestValidKID(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		kid, algorithm string
		want           bool
	}{
		{"79927398713", KIDMod10, true},
		{"79927398710", KIDMod10, false},
		{"2707841373001170014", KIDMod11, true}, // no-data-validator's README (a MOD11 KID)
		{"2707841373001170014", KIDMod10, false},
		{"12343", KIDMod11, true},
		{"12344", KIDMod11, false},
		{"006-", KIDMod11, true},
		{"006-", KIDMod10, false},
		{"12-3", KIDMod11, false},
		{"1", KIDMod10, false},
		{"", KIDMod10, false},
	} {
		if got := ValidKID(c.kid, c.algorithm); got != c.want {
			t.Errorf("ValidKID(%q, %s) = %v, want %v", c.kid, c.algorithm, got, c.want)
		}
	}
}
