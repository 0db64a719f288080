package fikentest

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	fikenspec "github.com/ugcfolio/ugcfolio/third_party/fiken"
)

// The published description, loaded once, and the check of a request
// against it: the operation's path, its query parameters and its body's
// schema. Objects are closed (Fiken answers 400 for "unexpected fields"),
// and a field the description marks readOnly is refused in a request.

type spec struct {
	paths   map[string]map[string]any // path template → method → operation
	schemas map[string]any
	params  map[string]any
}

func loadSpec() (*spec, error) {
	var doc map[string]any
	if err := yaml.Unmarshal(fikenspec.YAML, &doc); err != nil {
		return nil, fmt.Errorf("fikentest: the description: %w", err)
	}
	sp := &spec{paths: map[string]map[string]any{}}
	for p, v := range asMap(doc["paths"]) {
		ops := map[string]any{}
		for m, op := range asMap(v) {
			ops[strings.ToUpper(m)] = op
		}
		sp.paths[p] = ops
	}
	comp := asMap(doc["components"])
	sp.schemas = asMap(comp["schemas"])
	sp.params = asMap(comp["parameters"])
	return sp, nil
}

func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

// match answers the path template of the description that path (after
// /api/v2) is, its parameters, and the operation of method; literal
// segments win over parameters (/invoices/send over /invoices/{invoiceId}).
func (sp *spec) match(method, path string) (template string, vars map[string]string, op map[string]any) {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	best, bestScore := "", -1
	for t := range sp.paths {
		ts := strings.Split(strings.Trim(t, "/"), "/")
		if len(ts) != len(segs) {
			continue
		}
		score := 0
		ok := true
		for i, s := range ts {
			if strings.HasPrefix(s, "{") {
				continue
			}
			if s != segs[i] {
				ok = false
				break
			}
			score++
		}
		if ok && score > bestScore {
			best, bestScore = t, score
		}
	}
	if best == "" {
		return "", nil, nil
	}
	vars = map[string]string{}
	for i, s := range strings.Split(strings.Trim(best, "/"), "/") {
		if strings.HasPrefix(s, "{") {
			vars[strings.Trim(s, "{}")] = segs[i]
		}
	}
	return best, vars, asMap(sp.paths[best][method])
}

// queryParams answers the names of the query parameters an operation takes.
func (sp *spec) queryParams(template string, op map[string]any) []string {
	var names []string
	add := func(list []any) {
		for _, p := range list {
			pm := asMap(p)
			if ref, ok := pm["$ref"].(string); ok {
				pm = asMap(sp.params[strings.TrimPrefix(ref, "#/components/parameters/")])
			}
			if pm["in"] == "query" {
				names = append(names, pm["name"].(string))
			}
		}
	}
	if pl, ok := sp.paths[template]["PARAMETERS"].([]any); ok {
		add(pl)
	}
	add(asList(op["parameters"]))
	return names
}

// bodySchema answers the JSON schema of an operation's request body (nil: none).
func bodySchema(op map[string]any) any {
	rb := asMap(op["requestBody"])
	schema := asMap(asMap(asMap(rb["content"])["application/json"])["schema"])
	if len(schema) == 0 {
		return nil
	}
	return schema
}

func (sp *spec) resolve(s any) map[string]any {
	m := asMap(s)
	for {
		ref, ok := m["$ref"].(string)
		if !ok {
			return m
		}
		m = asMap(sp.schemas[strings.TrimPrefix(ref, "#/components/schemas/")])
	}
}

var datePattern = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

// validate answers what is wrong with v against schema s at path at ("" : nothing).
func (sp *spec) validate(s any, v any, at string) string {
	m := sp.resolve(s)
	if all, ok := m["allOf"].([]any); ok {
		// The parts together make one closed object.
		merged := map[string]any{"type": "object", "properties": map[string]any{}}
		var required []any
		for _, part := range all {
			pm := sp.resolve(part)
			for k, pv := range asMap(pm["properties"]) {
				merged["properties"].(map[string]any)[k] = pv
			}
			required = append(required, asList(pm["required"])...)
		}
		merged["required"] = required
		m = merged
	}
	if v == nil {
		if m["nullable"] == true {
			return ""
		}
		return at + " must not be null"
	}
	switch m["type"] {
	case "object", nil:
		obj, ok := v.(map[string]any)
		if !ok {
			if m["type"] == nil {
				return ""
			}
			return at + " must be an object"
		}
		props := asMap(m["properties"])
		for _, r := range asList(m["required"]) {
			if _, ok := obj[r.(string)]; !ok {
				return fmt.Sprintf("%s is required", join(at, r.(string)))
			}
		}
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			ps, ok := props[k]
			if !ok {
				if m["type"] == nil && len(props) == 0 {
					continue
				}
				return fmt.Sprintf("unexpected field %s", join(at, k))
			}
			if sp.resolve(ps)["readOnly"] == true {
				return fmt.Sprintf("%s is read only", join(at, k))
			}
			if msg := sp.validate(ps, obj[k], join(at, k)); msg != "" {
				return msg
			}
		}
	case "array":
		list, ok := v.([]any)
		if !ok {
			return at + " must be an array"
		}
		if n, ok := m["minItems"].(int); ok && len(list) < n {
			return fmt.Sprintf("%s must have at least %d item(s)", at, n)
		}
		for i, it := range list {
			if msg := sp.validate(m["items"], it, fmt.Sprintf("%s[%d]", at, i)); msg != "" {
				return msg
			}
		}
	case "string":
		str, ok := v.(string)
		if !ok {
			return at + " must be a string"
		}
		if n, ok := m["maxLength"].(int); ok && len([]rune(str)) > n {
			return fmt.Sprintf("%s is longer than %d characters", at, n)
		}
		if n, ok := m["minLength"].(int); ok && len([]rune(str)) < n {
			return fmt.Sprintf("%s is shorter than %d characters", at, n)
		}
		if p, ok := m["pattern"].(string); ok && !regexp.MustCompile(p).MatchString(str) {
			return fmt.Sprintf("%s does not match %s", at, p)
		}
		if m["format"] == "date" {
			if _, err := time.Parse(time.DateOnly, str); err != nil || !datePattern.MatchString(str) {
				return at + " must be a date, yyyy-mm-dd"
			}
		}
		if enum := asList(m["enum"]); len(enum) > 0 && !slices.ContainsFunc(enum, func(e any) bool { return fmt.Sprint(e) == str }) {
			return fmt.Sprintf("%s must be one of %v", at, enum)
		}
	case "integer":
		f, ok := v.(float64)
		if !ok || f != float64(int64(f)) {
			return at + " must be an integer"
		}
	case "number":
		if _, ok := v.(float64); !ok {
			return at + " must be a number"
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			return at + " must be true or false"
		}
	}
	return ""
}

func join(at, k string) string {
	if at == "" {
		return k
	}
	return at + "." + k
}
