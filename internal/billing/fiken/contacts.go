// The buyer in Fiken: found among its contacts or made, and the ways to
// send it a document.

package fiken

import (
	"context"
	"slices"

	"github.com/ugcfolio/ugcfolio/internal/billing"
)

// contact finds the buyer among Fiken's contacts (by organisation number,
// else e-mail, else name) or makes it, and records it.
func (s *Service) contact(ctx context.Context, c *Client, d Document, inv billing.Invoice) (int64, error) {
	if d.contact.Valid {
		return d.contact.Int64, nil
	}
	b := inv.Buyer
	var filter map[string][]string
	switch {
	case b.OrgNumber != "":
		filter = map[string][]string{"organizationNumber": {b.OrgNumber}}
	case b.Email != "":
		filter = map[string][]string{"email": {b.Email}}
	default:
		filter = map[string][]string{"name": {b.Name}}
	}
	found, err := c.FindContacts(ctx, filter)
	if err != nil {
		return 0, err
	}
	var id int64
	if i := slices.IndexFunc(found, func(ct Contact) bool { return ct.Customer && ct.Name != "" }); i >= 0 {
		id = found[i].ContactID
	} else {
		ct := Contact{Name: b.Name, Email: b.Email, OrganizationNumber: b.OrgNumber, Customer: true}
		if inv.Language == "en" {
			ct.Language = "ENGLISH"
		}
		if b.Address.Country != "" {
			ct.Address = &Address{StreetAddress: b.Address.Street, PostCode: b.Address.PostalCode, City: b.Address.City, Country: b.Address.Country}
		}
		if id, err = c.CreateContact(ctx, ct); err != nil {
			return 0, err
		}
	}
	return id, s.set(ctx, d.ID, `contact_id = ?`, id)
}

// methods are how to send to a buyer: EHF first when it has a Norwegian
// organisation number (Fiken tries the next when the buyer cannot receive EHF).
func methods(b billing.Buyer) []string {
	if b.OrgNumber != "" {
		return []string{"ehf", "email"}
	}
	return []string{"email"}
}
