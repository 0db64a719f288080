package httpapi

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoFieldRuleOutsideTheFormTables fails when a handler checks a field's
// length or presence by hand instead of through a form table, where
// TestEveryFieldRuleHasARow (internal/forms) would not see it.
func TestNoFieldRuleOutsideTheFormTables(t *testing.T) {
	t.Parallel()
	// Every file: content sections are checked in internal/forms too
	// (forms.Content, against rules.json's contentSections and caps.contentField).
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if rule := handWrittenRule(n); rule != "" {
				t.Errorf("%s: %s checks a field by hand: make it a row of the form's table (internal/forms) and of testdata/rules.json \"forms\"",
					fset.Position(n.Pos()), rule)
			}
			return true
		})
	}
}

// handWrittenRule names what n is when it looks like a field rule: a length
// count, a call of the text helpers, or a "required"/"at most" message.
func handWrittenRule(n ast.Node) string {
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return ""
	}
	switch fun := call.Fun.(type) {
	case *ast.SelectorExpr:
		name := exprName(fun.X) + "." + fun.Sel.Name
		if name == "utf8.RuneCountInString" || name == "forms.CapText" || name == "forms.CheckMediaURL" {
			return name
		}
		if (name == "apperr.Invalid") && len(call.Args) > 0 {
			if lit, ok := call.Args[0].(*ast.BasicLit); ok {
				s, _ := strconv.Unquote(lit.Value)
				for _, words := range []string{" is required", " are required", " at most ", " at least ", " must be one of"} {
					if strings.Contains(s, words) {
						return "apperr.Invalid(" + lit.Value + ")"
					}
				}
			}
		}
	}
	return ""
}

func exprName(e ast.Expr) string {
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
