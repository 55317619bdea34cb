/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jsonr.h - a small, bounded JSON reader (RFC 8259) for rtictl and the
 * tests of the HTTP view: the whole text into a tree of values.
 *
 * Bounds: at most JR_MAX_DEPTH levels of nesting and JR_MAX_NODES values;
 * strings may not hold U+0000; numbers are read as double.  Any text that
 * is not exactly one JSON value (whitespace around it allowed) is refused
 * with a message naming the byte offset.  Nothing is half-built: on error
 * nothing is returned and nothing stays allocated.
 */
#ifndef RTI_JSONR_H
#define RTI_JSONR_H

#include <stddef.h>

#define JR_MAX_DEPTH 64
#define JR_MAX_NODES 1000000

enum jr_type { JR_NULL, JR_BOOL, JR_NUM, JR_STR, JR_ARR, JR_OBJ };

struct jr_val {
	enum jr_type type;
	int b;                  /* JR_BOOL */
	double num;             /* JR_NUM */
	char *str;              /* JR_STR: UTF-8, NUL-terminated */
	size_t n;               /* JR_ARR, JR_OBJ: members; JR_STR: bytes */
	struct jr_val *items;   /* JR_ARR, JR_OBJ: the members' values */
	char **keys;            /* JR_OBJ: their keys */
};

/* Parse `len` bytes at `s`.  0 with *out (free with jr_free), or -1 with
 * `err` (errlen bytes) filled. */
int jr_parse(const char *s, size_t len, struct jr_val **out, char *err,
    size_t errlen);
void jr_free(struct jr_val *v);
/* The member `key` of object `v`, or NULL (v NULL or not an object). */
const struct jr_val *jr_get(const struct jr_val *v, const char *key);
/* Member path "a.b.c" from `v`, or NULL. */
const struct jr_val *jr_path(const struct jr_val *v, const char *path);
/* Element `i` of array `v`, or NULL. */
const struct jr_val *jr_at(const struct jr_val *v, size_t i);
/* The string of `v` or `dflt` when it is no string. */
const char *jr_str(const struct jr_val *v, const char *dflt);
/* The number of `v`, or `dflt`. */
double jr_num(const struct jr_val *v, double dflt);
/* 1 for true, 0 for false, `dflt` otherwise. */
int jr_bool(const struct jr_val *v, int dflt);

#endif
