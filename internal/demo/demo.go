// Package demo fills an empty site with demo content for `serve --demo`
// (make run): an admin with a random password printed once, sample
// testimonials and portfolio items in both languages, poster images, a
// strip of client logos (small PNGs drawn for the demo, processed like any
// uploaded photo), a short clip made with ffmpeg when the machine has it
// (processed like any uploaded video), and a brand's inquiry with its deal,
// so that a new creator sees every screen with something in it.
package demo

import (
	"context"
	"crypto/rand"
	"embed"
	"fmt"
	"io"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/auth"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/lang"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// AdminEmail is the demo admin's username.
const AdminEmail = "admin@ugcfolio.no"

// SaveFile stores an uploaded file under /uploads/NAME.
type SaveFile func(ctx context.Context, name string, data []byte) error

// Process starts the processing of an uploaded photo at /uploads/NAME, as a
// finalized upload's (internal/processing): visitors see a logo only once
// it is processed.
type Process func(ctx context.Context, url string) error

//go:embed logos/*.png
var logoFiles embed.FS

// clientLogos are the demo's brands, in the strip's order, and their logo files.
var clientLogos = []struct{ name, file, link string }{
	{"Nordlys Hudpleie", "nordlys.png", "https://nordlys.example.no"},
	{"Fjellkaffe", "fjellkaffe.png", "https://fjellkaffe.example.no"},
	{"Bølge Studio", "bolge-studio.png", ""},
	{"Tindra", "tindra.png", "https://tindra.example.no"},
	{"Havn & Co", "havn-co.png", ""},
}

// Deps are what Seed writes through besides the store.
type Deps struct {
	Save    SaveFile
	Process Process
	// Deals makes the demo deal from the demo inquiry; nil makes none.
	Deals *deals.Service
	// FFmpeg is the path of ffmpeg, which draws the demo clip (video.go);
	// "" (no ffmpeg on the machine) leaves the portfolio without a video.
	FFmpeg string
	// Now is the day the demo deal's due date counts from.
	Now func() time.Time
}

// Seed adds the demo content when the database has no account yet, so it
// runs once per site and never touches a site in use.
func Seed(ctx context.Context, st *store.Store, d Deps, out io.Writer) error {
	save, process := d.Save, d.Process
	n, err := st.CountUsers(ctx)
	if err != nil || n > 0 {
		return err
	}
	password := rand.Text()[:16]
	hash, err := auth.HashPassword(password)
	if err != nil {
		return err
	}
	user, err := st.CreateUser(ctx, store.UserInput{Username: AdminEmail, DisplayName: "Demo Admin", PasswordHash: hash, IsAdmin: true, PasswordSetByOperator: true})
	if err != nil {
		return err
	}
	for _, t := range testimonials {
		if _, err := st.CreateTestimonial(ctx, t); err != nil {
			return err
		}
	}
	clip, err := seedClip(ctx, d, out)
	if err != nil {
		return err
	}
	for i, p := range portfolio {
		name := fmt.Sprintf("demo-%d.svg", i+1)
		if err := save(ctx, name, poster(posterColors[i%len(posterColors)])); err != nil {
			return err
		}
		p.no.Language, p.en.Language = lang.Norwegian, lang.English
		for _, in := range []store.PortfolioInput{p.no, p.en} {
			in.ImageURL, in.IsActive = "/uploads/"+name, true
			if i == 0 {
				in.VideoURL = clip // the featured item plays, on its card and from the hero
			}
			if _, err := st.CreatePortfolioItem(ctx, in); err != nil {
				return err
			}
		}
	}
	if err := seedLogos(ctx, st, save, process); err != nil {
		return err
	}
	if err := seedDeal(ctx, st, d, deals.Actor{ID: user.ID, Name: user.DisplayName}); err != nil {
		return err
	}
	fmt.Fprintf(out, "\nDemo admin created (shown only this once):\n  username: %s\n  password: %s\n  log in at /auth\n\n", AdminEmail, password)
	return nil
}

// demoInquiry is a brand's inquiry as the contact form stores it: it stays
// unread in Inquiries, and its deal is on the board.
var demoInquiry = store.InquiryInput{Name: "Ingrid Solberg", Email: "ingrid@nordlys.example.no", Company: "Nordlys Hudpleie",
	Service: "Pakketilbud 1", Language: lang.Norwegian,
	Message: "Hei! Vi lanserer en ny serumserie i mars og ønsker tre korte videoer til Instagram og TikTok: unboxing, morgenrutine og et ærlig førsteinntrykk. Passer det med levering innen tre uker?"}

// seedDeal stores the demo inquiry and makes its deal (the package
// travels: three videos, its price), in negotiation, due in three weeks.
func seedDeal(ctx context.Context, st *store.Store, d Deps, actor deals.Actor) error {
	inq, err := st.CreateInquiry(ctx, demoInquiry)
	if err != nil || d.Deals == nil {
		return err
	}
	now := time.Now
	if d.Now != nil {
		now = d.Now
	}
	_, _, err = d.Deals.FromInquiry(ctx, actor, inq.ID, deals.Input{
		Stage:             deals.StageNegotiating,
		DeliverableFormat: "9:16", DeliverableSeconds: 30,
		DueDate: now().AddDate(0, 0, 21).Format(time.DateOnly),
		Notes:   "A demo deal: send a quote from here, and open a delivery room once it is booked.",
	})
	return err
}

// seedLogos uploads each logo, starts its processing and adds it to the strip.
func seedLogos(ctx context.Context, st *store.Store, save SaveFile, process Process) error {
	for i, l := range clientLogos {
		data, err := logoFiles.ReadFile("logos/" + l.file)
		if err != nil {
			return err
		}
		url := fmt.Sprintf("/uploads/demo-logo-%d.png", i+1)
		if err := save(ctx, url[len("/uploads/"):], data); err != nil {
			return err
		}
		if err := process(ctx, url); err != nil {
			return err
		}
		if _, err := st.CreateClientLogo(ctx, store.ClientLogoInput{Name: l.name, ImageURL: url, LinkURL: l.link}); err != nil {
			return err
		}
	}
	return nil
}

type demoItem struct{ no, en store.PortfolioInput }

var portfolio = []demoItem{
	{
		no: store.PortfolioInput{Title: "Hudpleierutine på 30 sekunder", Description: "Unboxing og bruk av en ny serumserie, filmet i naturlig morgenlys for en norsk hudpleiemerkevare.", Category: "product", Featured: true},
		en: store.PortfolioInput{Title: "A 30-second skincare routine", Description: "Unboxing and first use of a new serum line, shot in natural morning light for a Norwegian skincare brand.", Category: "product", Featured: true},
	},
	{
		no: store.PortfolioInput{Title: "Helg på hytta", Description: "Livsstilsvlogg med turutstyr i bruk: fra pakking til bålkaffe ved vannet.", Category: "lifestyle"},
		en: store.PortfolioInput{Title: "A weekend at the cabin", Description: "Lifestyle vlog with outdoor gear in use: from packing to campfire coffee by the lake.", Category: "lifestyle"},
	},
	{
		no: store.PortfolioInput{Title: "Merkevarefilm for kaffebrenneri", Description: "Kort film om håndverket bak hver bønne, med voiceover og produktbilder.", Category: "brand"},
		en: store.PortfolioInput{Title: "Brand film for a coffee roastery", Description: "A short film on the craft behind every bean, with voiceover and product shots.", Category: "brand"},
	},
	{
		no: store.PortfolioInput{Title: "Reels-serie for nettbutikk", Description: "Tre korte reels med try-on haul og stylingtips, laget for høy seertid.", Category: "social"},
		en: store.PortfolioInput{Title: "Reels series for an online store", Description: "Three short reels with a try-on haul and styling tips, made for watch time.", Category: "social"},
	},
	{
		no: store.PortfolioInput{Title: "Slik bruker du kjøkkenmaskinen", Description: "Steg-for-steg-veiledning som viser tre oppskrifter på under ett minutt.", Category: "product"},
		en: store.PortfolioInput{Title: "How to use the stand mixer", Description: "A step-by-step tutorial showing three recipes in under a minute.", Category: "product"},
	},
}

var testimonials = []store.TestimonialInput{
	{Name: "Ingrid Solberg", Company: "Nordlys Hudpleie", Rating: 5, Language: lang.Norwegian, IsActive: true,
		Testimonial: "Videoene ga oss tre ganger så mange klikk som våre egne annonser. Rask levering og helt enkel å jobbe med."},
	{Name: "Martin Holm", Company: "Fjellkaffe", Rating: 5, Language: lang.Norwegian, IsActive: true,
		Testimonial: "Forsto merkevaren vår fra første samtale. Innholdet føles ekte, og kundene merker det."},
	{Name: "Sara Lind", Company: "Bølge Studio", Rating: 5, Language: lang.Norwegian, IsActive: true,
		Testimonial: "Profesjonell fra brief til ferdig klipp. Vi har allerede bestilt neste pakke."},
	{Name: "Ingrid Solberg", Company: "Nordlys Skincare", Rating: 5, Language: lang.English, IsActive: true,
		Testimonial: "The videos got us three times the clicks of our own ads. Fast delivery and easy to work with."},
	{Name: "Martin Holm", Company: "Fjellkaffe", Rating: 5, Language: lang.English, IsActive: true,
		Testimonial: "Understood our brand from the first call. The content feels genuine, and our customers notice."},
	{Name: "Sara Lind", Company: "Bølge Studio", Rating: 5, Language: lang.English, IsActive: true,
		Testimonial: "Professional from brief to final cut. We have already booked the next package."},
}

var posterColors = [][2]string{{"#f6d5c8", "#c2577a"}, {"#cfe3d4", "#3e7c62"}, {"#f3e3c3", "#b5722d"}, {"#d9d4f3", "#5b4fb0"}, {"#f8dbe1", "#d0506b"}}

// poster draws a 9:16 gradient still with soft shapes. No play mark and no
// title: the demo items have no video, and the card shows the title below.
func poster(c [2]string) []byte {
	return []byte(fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="720" height="1280" viewBox="0 0 720 1280">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>
<rect width="720" height="1280" fill="url(#g)"/>
<circle cx="560" cy="300" r="220" fill="#ffffff" fill-opacity="0.18"/>
<circle cx="180" cy="980" r="300" fill="#ffffff" fill-opacity="0.12"/>
<rect x="120" y="560" width="480" height="160" rx="80" fill="#ffffff" fill-opacity="0.22"/>
</svg>`, c[0], c[1]))
}
