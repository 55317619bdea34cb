/* SPDX-License-Identifier: Apache-2.0 */
/*
 * json.h - the one JSON codec of rti (RFC 8259), pure (no I/O): a writer
 * (json_w_*), a pull reader (json_r_*) that a caller walks token by token
 * (the FOM value codec, guided by a datatype: fom_json.c), and the tree
 * that reader builds for a caller with no datatype (json_parse: rtictl
 * and the tests of the HTTP view).
 *
 * Strings are UTF-8 both ways: the reader refuses text that is not, the
 * writer replaces a byte that is not with U+FFFD.  Integers are exact over
 * the whole int64 and uint64 range both ways (never through a double);
 * other numbers are doubles, written in the shortest form that reads back
 * to the same double.
 */
#ifndef RTI_JSON_H
#define RTI_JSON_H

#include <stddef.h>
#include <stdint.h>

/* ---- writer ---- */

/*
 * A document written value by value into a buffer of the writer's own.
 * Members take a key (NULL inside an array and for the document itself);
 * the writer puts the commas.  After an error (out of memory, a close
 * with nothing open, a number that is not JSON) nothing more is written
 * and json_w_finish fails.
 */
struct json_w {
	char *p;                /* the text so far (malloc'd) */
	size_t len, cap;
	unsigned depth;         /* containers open */
	unsigned flags;         /* JSON_W_* */
	int comma;              /* a value went before at this level */
	int err;                /* JSON_ENOMEM, JSON_EMISUSE or 0 */
};

/* Also escape '<', '>', '&' and DEL, so that the text may stand inside an
 * HTML page's <script> (the HTTP view). */
#define JSON_W_HTML 1u

#define JSON_ENOMEM  (-2)
#define JSON_EMISUSE (-3)

void json_w_init(struct json_w *w, unsigned flags);
void json_w_obj(struct json_w *w, const char *key);
void json_w_obj_end(struct json_w *w);
void json_w_arr(struct json_w *w, const char *key);
void json_w_arr_end(struct json_w *w);
/* A string: NUL-terminated `s` (NULL: ""), or s[0..n) (NUL bytes
 * escaped). */
void json_w_str(struct json_w *w, const char *key, const char *s);
void json_w_strn(struct json_w *w, const char *key, const char *s,
    size_t n);
void json_w_u64(struct json_w *w, const char *key, uint64_t v);
void json_w_i64(struct json_w *w, const char *key, int64_t v);
/* The shortest decimal that reads back to `d` ("-0.0" for negative
 * zero); null for NaN and the infinities, which JSON has no number for
 * (a caller with a mapping of its own writes them itself). */
void json_w_double(struct json_w *w, const char *key, double d);
void json_w_bool(struct json_w *w, const char *key, int v);
void json_w_null(struct json_w *w, const char *key);
/* p[0..n) as a base64 string (RFC 4648, with padding). */
void json_w_base64(struct json_w *w, const char *key, const void *p,
    size_t n);
/* A number already written as text (NUL-terminated), e.g. a logical time
 * formatted by its time representation; text that is not one JSON
 * number is an error (JSON_EMISUSE). */
void json_w_number(struct json_w *w, const char *key, const char *text);
/* The document: 0 with *out (malloc'd, NUL-terminated, the caller's) and
 * *len (may be NULL), or the error with nothing kept.  Either way the
 * writer is empty after (json_w_init again to reuse it). */
int json_w_finish(struct json_w *w, char **out, size_t *len);
/* Drop what was written. */
void json_w_free(struct json_w *w);

/* ---- pull reader ---- */

/*
 * A reader over s[0..len).  Each call reads the next item at r->i
 * (whitespace before it skipped).  A call that fails returns -1 with
 * r->what saying why (a static string) and r->i at the offending byte, or
 * JSON_ENOMEM; it never leaves anything allocated.
 */
struct json_r {
	const char *s;
	size_t len, i;
	const char *what;
};

/* A number's text, s[0..n), found by json_r_number. */
struct json_num {
	const char *s;
	size_t n;
	int is_int;             /* neither fraction nor exponent */
};

enum json_lit { JSON_FALSE, JSON_TRUE, JSON_LNULL };

void json_r_init(struct json_r *r, const char *s, size_t len);
/* The next byte after whitespace (r->i moved to it), -1 at the end.
 * Inline: the value codec peeks several times a value (check_json and
 * check_values guard it; out of line, rtibench -m encode read JSON 1.2
 * times slower). */
static inline int
json_r_peek(struct json_r *r)
{
	while (r->i < r->len && (r->s[r->i] == ' ' || r->s[r->i] == '\t' ||
	    r->s[r->i] == '\n' || r->s[r->i] == '\r'))
		r->i++;
	return r->i < r->len ? (unsigned char)r->s[r->i] : -1;
}
/* What the next value is, for messages: "a string", "an object", "an
 * array", "a boolean", "null", "a number", "the end of the text" or
 * "something that is not JSON". */
const char *json_r_what(struct json_r *r);
/* A string: 0 with *out (malloc'd, NUL-terminated; U+0000 escaped as
 * \u0000 is kept, so *n may pass a NUL) and *n. */
int json_r_string(struct json_r *r, char **out, size_t *n);
/* A number: 0 with *num (pointing into the text). */
int json_r_number(struct json_r *r, struct json_num *num);
/* true, false or null: the enum json_lit, or -1. */
int json_r_literal(struct json_r *r);
/* Enter an object ('{') or array ('['): 0 when the next byte is
 * `bracket`, consumed. */
int json_r_open(struct json_r *r, int bracket);
/* After json_r_open or a member: 1 when another member follows (its
 * comma consumed), 0 at the closing bracket `close` (consumed); `first`
 * is 1 right after the opening bracket. */
int json_r_more(struct json_r *r, int close, int first);
/* An object member's name and its ':': 0 with *key (malloc'd) and *klen. */
int json_r_key(struct json_r *r, char **key, size_t *klen);
/* 0 when only whitespace is left. */
int json_r_end(struct json_r *r);

/* The integer of a number with is_int, exactly: 0 with *neg and the
 * magnitude *mag, -1 when the magnitude exceeds 2^64 - 1. */
int json_num_int(const struct json_num *num, int *neg, uint64_t *mag);
/* The double nearest the number (correctly rounded, as strtod); -1 for a
 * number of more than JSON_NUM_MAX characters. */
#define JSON_NUM_MAX 400
int json_num_double(const struct json_num *num, double *d);

/* The bytes of base64 text s[0..n) (RFC 4648, padded: n a multiple of
 * 4) into out (room for n / 4 * 3): their number, or -1 when the text is
 * not base64. */
long json_base64_decode(const char *s, size_t n, uint8_t *out);

/* ---- tree ---- */

#define JSON_MAX_DEPTH 64
#define JSON_MAX_NODES 1000000

enum json_type { JSON_NULL, JSON_BOOL, JSON_NUM, JSON_STR, JSON_ARR,
	JSON_OBJ };

struct json_val {
	enum json_type type;
	int b;                  /* JSON_BOOL */
	double num;             /* JSON_NUM: the nearest double */
	int exact;              /* JSON_NUM: an integer of at most 2^64 - 1
	                           in magnitude, in neg and mag */
	int neg;
	uint64_t mag;
	char *str;              /* JSON_STR: UTF-8, NUL-terminated */
	size_t n;               /* JSON_ARR, JSON_OBJ: members; JSON_STR:
	                           bytes */
	struct json_val *items; /* JSON_ARR, JSON_OBJ: the members' values */
	char **keys;            /* JSON_OBJ: their keys */
};

/*
 * The whole text s[0..len) as a tree: 0 with *out (free with json_free),
 * or -1 with `err` (errlen bytes) saying why and where ("at byte N: ...").
 * Bounds: JSON_MAX_DEPTH levels, JSON_MAX_NODES values, no U+0000 in a
 * string or key.  Nothing is half-built: on error nothing is returned and
 * nothing stays allocated.
 */
int json_parse(const char *s, size_t len, struct json_val **out, char *err,
    size_t errlen);
void json_free(struct json_val *v);
/* The member `key` of object `v`, or NULL (v NULL or not an object). */
const struct json_val *json_get(const struct json_val *v, const char *key);
/* Member path "a.b.c" from `v`, or NULL. */
const struct json_val *json_path(const struct json_val *v, const char *path);
/* Element `i` of array `v`, or NULL. */
const struct json_val *json_at(const struct json_val *v, size_t i);
/* The string of `v`, or `dflt` when it is no string. */
const char *json_str(const struct json_val *v, const char *dflt);
/* The number of `v` (nearest double), or `dflt`. */
double json_num(const struct json_val *v, double dflt);
/* The number of `v` when it is an integer in 0..2^64 - 1, exactly, else
 * `dflt`. */
uint64_t json_u64(const struct json_val *v, uint64_t dflt);
/* 1 for true, 0 for false, `dflt` otherwise. */
int json_bool(const struct json_val *v, int dflt);

#endif
