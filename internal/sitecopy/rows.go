package sitecopy

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
)

// maxParams keeps a multi-row INSERT under both engines' limit of bound
// values (SQLite's is 32766, PostgreSQL's 65535).
const maxParams = 8000

// copyTable streams the rows of one table from the source transaction into
// the target one, several rows a statement, with their ids, then sets the
// target's id counter to where the source's stood.
func copyTable(ctx context.Context, fromStore, toStore *store.Store, src, dst *sql.Tx, from, to store.Table) (TableReport, error) {
	rep := TableReport{Name: to.Name}
	cols := make([]string, len(to.Columns))
	for i, c := range to.Columns {
		cols[i] = store.Quote(c.Name)
	}
	order := ""
	if from.Identity != "" { // a table that refers to itself needs its rows in order
		order = " ORDER BY " + store.Quote(from.Identity)
	}
	rows, err := src.QueryContext(ctx, `SELECT `+strings.Join(cols, ", ")+` FROM `+store.Quote(from.Name)+order)
	if err != nil {
		return rep, err
	}
	defer rows.Close()

	perBatch := max(1, min(500, maxParams/len(cols)))
	head := `INSERT INTO ` + store.Quote(to.Name) + ` (` + strings.Join(cols, ", ") + `)`
	if to.Identity != "" && toStore.Dialect == store.Postgres {
		head += ` OVERRIDING SYSTEM VALUE` // the ids are the site's, not new ones
	}
	batch := make([]any, 0, perBatch*len(cols))
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		n := len(batch) / len(cols)
		one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
		q := head + ` VALUES ` + strings.TrimSuffix(strings.Repeat(one+", ", n), ", ")
		if _, err := dst.ExecContext(ctx, toStore.Rebind(q), batch...); err != nil {
			return err
		}
		rep.Rows += int64(n)
		batch = batch[:0]
		return nil
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return rep, err
		}
		for i, c := range to.Columns {
			v, err := convert(vals[i], c.Kind)
			if err != nil {
				return rep, fmt.Errorf("column %s: %w", c.Name, err)
			}
			batch = append(batch, v)
		}
		if len(batch) >= perBatch*len(cols) {
			if err := flush(); err != nil {
				return rep, err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return rep, err
	}
	if err := flush(); err != nil {
		return rep, err
	}
	if to.Identity == "" {
		return rep, nil
	}
	if rep.NextID, err = fromStore.NextID(ctx, src, from); err != nil {
		return rep, fmt.Errorf("read the id counter: %w", err)
	}
	if err := toStore.SetNextID(ctx, dst, to, rep.NextID); err != nil {
		return rep, fmt.Errorf("set the id counter: %w", err)
	}
	return rep, nil
}

// timeLayouts are the forms a time may take as text: SQLite's (as this
// binary and CURRENT_TIMESTAMP write it) and RFC 3339.
var timeLayouts = []string{
	"2006-01-02 15:04:05.999999999-07:00",
	"2006-01-02 15:04:05.999999999Z07:00",
	"2006-01-02 15:04:05.999999999",
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999",
	"2006-01-02",
}

// convert turns a value as the source's driver read it into what the
// target column holds: SQLite keeps booleans as 0 and 1 and may give a
// time as text; PostgreSQL has types for both.
func convert(v any, kind store.ColumnKind) (any, error) {
	if v == nil {
		return nil, nil
	}
	switch kind {
	case store.KindBool:
		switch x := v.(type) {
		case bool:
			return x, nil
		case int64:
			return x != 0, nil
		case string:
			return strconv.ParseBool(x)
		}
	case store.KindInt:
		switch x := v.(type) {
		case int64:
			return x, nil
		case bool:
			if x {
				return int64(1), nil
			}
			return int64(0), nil
		case float64:
			if x == float64(int64(x)) {
				return int64(x), nil
			}
		case string:
			return strconv.ParseInt(x, 10, 64)
		}
	case store.KindFloat:
		switch x := v.(type) {
		case float64:
			return x, nil
		case int64:
			return float64(x), nil
		}
	case store.KindTime:
		switch x := v.(type) {
		case time.Time:
			return x.UTC(), nil
		case string:
			for _, layout := range timeLayouts {
				if t, err := time.Parse(layout, x); err == nil {
					return t.UTC(), nil
				}
			}
		}
	case store.KindBytes:
		switch x := v.(type) {
		case []byte:
			return x, nil
		case string:
			return []byte(x), nil
		}
	case store.KindText:
		switch x := v.(type) {
		case string:
			return x, nil
		case []byte:
			return string(x), nil
		case int64:
			return strconv.FormatInt(x, 10), nil
		case time.Time:
			return x.UTC().Format(time.RFC3339Nano), nil
		}
	}
	return nil, fmt.Errorf("cannot store %T %v as %s", v, v, kind)
}
