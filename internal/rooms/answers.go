package rooms

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/deals"
)

// The brand's answer to a draft: approve it, or ask for changes with a
// comment. A draft is answered once; a newer version is answered anew. A
// draft nobody answers is approved by the sweep once its days are up
// (autoApprove), and both sides are told.

// The decisions a brand can send.
const (
	DecisionApprove = "approve"
	DecisionChanges = "changes"
)

// Answer is what the brand sends about a draft.
type Answer struct {
	Decision string
	Comment  string
}

// errMsg is an answer the brand must correct, in its language.
type errMsg struct {
	status int
	msg    func(t texts) string
}

func (e *errMsg) Error() string { return e.msg(textsFor("en")) }

var (
	errBadDecision     = &errMsg{400, func(t texts) string { return t.ErrDecision }}
	errCommentRequired = &errMsg{400, func(t texts) string { return t.ErrCommentRequired }}
	errCommentTooLong  = &errMsg{400, func(t texts) string { return t.ErrCommentTooLong }}
	errCommentControl  = &errMsg{400, func(t texts) string { return t.ErrCommentControl }}
	errAnswered        = &errMsg{409, func(t texts) string { return t.ErrAnswered }}
)

// checkAnswer checks an answer and answers its comment cleaned: trimmed,
// line breaks as "\n", no other control character (as every JSON text of
// the API), at most MaxNote characters, required to ask for changes.
func checkAnswer(a Answer) (Answer, error) {
	if a.Decision != DecisionApprove && a.Decision != DecisionChanges {
		return a, errBadDecision
	}
	a.Comment = strings.TrimSpace(strings.ReplaceAll(a.Comment, "\r\n", "\n"))
	switch {
	case !utf8.ValidString(a.Comment) || strings.ContainsFunc(a.Comment, forbiddenControl):
		return a, errCommentControl
	case utf8.RuneCountInString(a.Comment) > MaxNote:
		return a, errCommentTooLong
	case a.Decision == DecisionChanges && a.Comment == "":
		return a, errCommentRequired
	}
	return a, nil
}

func forbiddenControl(r rune) bool { return r != '\t' && r != '\n' && unicode.IsControl(r) }

// answer records the brand's decision on a draft of the room's deal: the
// draft must be the deal's and still waiting (errAnswered otherwise). The
// creator's e-mail goes in the same transaction.
func (s *Service) answer(ctx context.Context, a access, draftID int64, in Answer) (Draft, error) {
	in, err := checkAnswer(in)
	if err != nil {
		return Draft{}, err
	}
	state := DraftApproved
	if in.Decision == DecisionChanges {
		state = DraftChanges
	}
	actor := deals.Actor{Name: brandName(a.deal)}
	return s.decide(ctx, a.deal, draftID, state, in.Comment, "brand", actor)
}

// brandName is who answers in the room, as the history names them.
func brandName(d deals.Deal) string {
	if d.ContactName != "" {
		return d.ContactName + " (" + d.Brand + ")"
	}
	return d.Brand
}

// decide moves a waiting draft to state in one transaction with its event
// and e-mail: the creator is told of every answer; the brand too when the
// sweep approved it.
func (s *Service) decide(ctx context.Context, d deals.Deal, draftID int64, state, comment, by string, actor deals.Actor) (Draft, error) {
	var dr Draft
	err := s.st.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		dr, err = scanDraft(tx.QueryRowContext(ctx, s.q(`UPDATE room_drafts SET state = ?, comment = ?, answered_by = ?, answered_at = ?
			WHERE id = ? AND deal_id = ? AND state = 'pending' RETURNING `+draftColumns), state, comment, by, s.now(), draftID, d.ID))
		if errors.Is(err, sql.ErrNoRows) {
			var one int
			if tx.QueryRowContext(ctx, s.q(`SELECT 1 FROM room_drafts WHERE id = ? AND deal_id = ?`), draftID, d.ID).Scan(&one) != nil {
				return errDraftNotFound
			}
			return errAnswered
		}
		if err != nil {
			return err
		}
		if err := s.record(ctx, tx, d, actor, kindDraft, answerDetail(dr)); err != nil {
			return err
		}
		if by == "brand" {
			// The deal waits for the creator to look (the Overview's "Needs you").
			if err := s.deals.MarkAnswered(ctx, tx, d.ID); err != nil {
				return err
			}
		}
		event := eventAnswered
		if by == "auto" {
			event = eventAutoApproved
			if d.ContactEmail != "" {
				if err := s.queueMail(ctx, tx, mailJob{Event: event, To: toBrand, DraftID: dr.ID}); err != nil {
					return err
				}
			}
		}
		return s.queueMail(ctx, tx, mailJob{Event: event, To: toCreator, DraftID: dr.ID})
	})
	if err == nil {
		s.mailer.Wake()
	}
	return dr, err
}

func answerDetail(dr Draft) string {
	switch {
	case dr.AnsweredBy == "auto":
		return "approved draft " + dr.Title() + " (no answer in time)"
	case dr.State == DraftApproved:
		return "approved draft " + dr.Title()
	}
	return "asked for changes on draft " + dr.Title()
}

// autoApprove approves a draft whose days are up, unless it was answered
// meanwhile (nothing then).
func (s *Service) autoApprove(ctx context.Context, dealID, draftID int64) error {
	d, err := s.deals.Get(ctx, dealID)
	if err != nil {
		return err
	}
	_, err = s.decide(ctx, d, draftID, DraftApproved, "", "auto", deals.Actor{Name: "Automatic approval"})
	if errors.Is(err, errAnswered) || apperr.Is(err, apperr.CodeNotFound) {
		return nil
	}
	return err
}
