/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_json.c - libFuzzer target for rtictl's JSON reader (tools/jsonr.h).
 *
 * Any input is parsed; a refused one must leave an error message and no
 * tree.  An accepted one is written out again (numbers with 17 digits,
 * strings escaped) and must parse to an equal tree, and every lookup
 * (jr_get, jr_path, jr_at) must stay inside it.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "jsonr.h"

struct out {
	char *b;
	size_t n, cap;
};

static void
add(struct out *o, const char *s, size_t n)
{
	if (o->n + n + 1 > o->cap) {
		o->cap = (o->n + n + 1) * 2;
		o->b = realloc(o->b, o->cap);
		FUZZ_CHECK(o->b != NULL);
	}
	memcpy(o->b + o->n, s, n);
	o->n += n;
	o->b[o->n] = '\0';
}

static void
put_str(struct out *o, const char *s, size_t n)
{
	char e[8];
	size_t i;

	add(o, "\"", 1);
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < 0x20 || c == '"' || c == '\\') {
			snprintf(e, sizeof e, "\\u%04x", c);
			add(o, e, 6);
		} else {
			add(o, s + i, 1);
		}
	}
	add(o, "\"", 1);
}

static void
write_val(struct out *o, const struct jr_val *v)
{
	char num[40];
	size_t i;

	switch (v->type) {
	case JR_NULL:
		add(o, "null", 4);
		break;
	case JR_BOOL:
		add(o, v->b ? "true" : "false", v->b ? 4 : 5);
		break;
	case JR_NUM:
		/* an overflowing exponent reads as inf: keep it so */
		if (v->num > 1.7976931348623157e308)
			add(o, "1e999", 5);
		else if (v->num < -1.7976931348623157e308)
			add(o, "-1e999", 6);
		else
			add(o, num, (size_t)snprintf(num, sizeof num, "%.17g",
			    v->num));
		break;
	case JR_STR:
		put_str(o, v->str, v->n);
		break;
	case JR_ARR:
	case JR_OBJ:
		add(o, v->type == JR_ARR ? "[" : "{", 1);
		for (i = 0; i < v->n; i++) {
			if (i)
				add(o, ",", 1);
			if (v->type == JR_OBJ) {
				put_str(o, v->keys[i], strlen(v->keys[i]));
				add(o, ":", 1);
			}
			write_val(o, &v->items[i]);
		}
		add(o, v->type == JR_ARR ? "]" : "}", 1);
		break;
	}
}

static int
equal(const struct jr_val *a, const struct jr_val *b)
{
	size_t i;

	if (a->type != b->type)
		return 0;
	switch (a->type) {
	case JR_NULL:
		return 1;
	case JR_BOOL:
		return a->b == b->b;
	case JR_NUM:
		return a->num == b->num;
	case JR_STR:
		return a->n == b->n && memcmp(a->str, b->str, a->n) == 0 &&
		    strlen(a->str) == a->n;
	default:
		if (a->n != b->n)
			return 0;
		for (i = 0; i < a->n; i++) {
			if (a->type == JR_OBJ &&
			    strcmp(a->keys[i], b->keys[i]) != 0)
				return 0;
			if (!equal(&a->items[i], &b->items[i]))
				return 0;
		}
		return 1;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct jr_val *v = NULL, *w = NULL;
	struct out o = { NULL, 0, 0 };
	char err[128];
	size_t i;

	if (jr_parse((const char *)data, size, &v, err, sizeof err) < 0) {
		FUZZ_CHECK(v == NULL);
		FUZZ_CHECK(err[0] != '\0');
		return 0;
	}
	FUZZ_CHECK(v != NULL);
	write_val(&o, v);
	if (jr_parse(o.b, o.n, &w, err, sizeof err) < 0) {
		fprintf(stderr, "re-parse of '%s' failed: %s\n", o.b, err);
		FUZZ_CHECK(0);
	}
	FUZZ_CHECK(equal(v, w));
	if (v->type == JR_OBJ)
		for (i = 0; i < v->n; i++) {
			FUZZ_CHECK(jr_get(v, v->keys[i]) != NULL);
			if (!strchr(v->keys[i], '.'))
				FUZZ_CHECK(jr_path(v, v->keys[i]) != NULL);
		}
	FUZZ_CHECK(jr_at(v, v->type == JR_ARR ? v->n : 0) == NULL ||
	    (v->type == JR_ARR && v->n > 0));
	jr_free(v);
	jr_free(w);
	free(o.b);
	return 0;
}
