/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_json.c - libFuzzer target for the JSON codec (proto/json.h), the
 * one reader and writer of the FOM value codec, the HTTP view and rtictl.
 *
 * Any input is parsed into a tree; a refused one must leave an error
 * message and no tree.  An accepted one is written out again with the
 * writer (integers exact, other numbers in their shortest form, strings
 * escaped, for an HTML page when the input's length is odd: then no '<',
 * '>' or '&' may be left) and must parse to an equal tree, integers
 * equal to the last bit; every lookup (json_get, json_path, json_at) must
 * stay inside it.  The input is also read as base64: what it decodes to
 * must encode and decode to the same bytes.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "json.h"

static void
write_val(struct json_w *w, const char *key, const struct json_val *v)
{
	char t[32];
	size_t i;

	switch (v->type) {
	case JSON_NULL:
		json_w_null(w, key);
		break;
	case JSON_BOOL:
		json_w_bool(w, key, v->b);
		break;
	case JSON_NUM:
		if (v->exact) {
			snprintf(t, sizeof t, "%s%llu", v->neg ? "-" : "",
			    (unsigned long long)v->mag);
			json_w_number(w, key, t);
		} else if (isinf(v->num)) {
			/* an overflowing exponent reads as inf: keep it so */
			json_w_number(w, key, v->num > 0 ? "1e999" : "-1e999");
		} else {
			json_w_double(w, key, v->num);
		}
		break;
	case JSON_STR:
		json_w_strn(w, key, v->str, v->n);
		break;
	case JSON_ARR:
		json_w_arr(w, key);
		for (i = 0; i < v->n; i++)
			write_val(w, NULL, &v->items[i]);
		json_w_arr_end(w);
		break;
	case JSON_OBJ:
		json_w_obj(w, key);
		for (i = 0; i < v->n; i++)
			write_val(w, v->keys[i], &v->items[i]);
		json_w_obj_end(w);
		break;
	}
}

static int
equal(const struct json_val *a, const struct json_val *b)
{
	size_t i;

	if (a->type != b->type)
		return 0;
	switch (a->type) {
	case JSON_NULL:
		return 1;
	case JSON_BOOL:
		return a->b == b->b;
	case JSON_NUM:
		/* an integer stays exact; any number keeps its double
		 * (1.0 may come back as the integer 1) */
		if (a->exact && !(b->exact && a->mag == b->mag &&
		    (a->neg == b->neg || a->mag == 0)))
			return 0;
		return a->num == b->num;
	case JSON_STR:
		return a->n == b->n && memcmp(a->str, b->str, a->n) == 0 &&
		    strlen(a->str) == a->n;
	default:
		if (a->n != b->n)
			return 0;
		for (i = 0; i < a->n; i++) {
			if (a->type == JSON_OBJ &&
			    strcmp(a->keys[i], b->keys[i]) != 0)
				return 0;
			if (!equal(&a->items[i], &b->items[i]))
				return 0;
		}
		return 1;
	}
}

/* data[0..size) as base64: what it decodes to round-trips. */
static void
base64_round_trip(const uint8_t *data, size_t size)
{
	uint8_t *bytes = malloc(size / 4 * 3 + 1), *again;
	struct json_w w;
	char *text;
	size_t len;
	long n, m;

	FUZZ_CHECK(bytes != NULL);
	n = json_base64_decode((const char *)data, size, bytes);
	if (n < 0) {
		free(bytes);
		return;
	}
	FUZZ_CHECK((size_t)n <= size / 4 * 3);
	json_w_init(&w, 0);
	json_w_base64(&w, NULL, bytes, (size_t)n);
	FUZZ_CHECK(json_w_finish(&w, &text, &len) == 0);
	FUZZ_CHECK(len >= 2 && text[0] == '"' && text[len - 1] == '"');
	again = malloc(len / 4 * 3 + 1);
	FUZZ_CHECK(again != NULL);
	m = json_base64_decode(text + 1, len - 2, again);
	FUZZ_CHECK(m == n && memcmp(again, bytes, (size_t)n) == 0);
	free(again);
	free(text);
	free(bytes);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct json_val *v = NULL, *u = NULL;
	struct json_w w;
	char err[128], *text;
	size_t i, len;
	int html = size & 1;

	base64_round_trip(data, size);
	if (json_parse((const char *)data, size, &v, err, sizeof err) < 0) {
		FUZZ_CHECK(v == NULL);
		FUZZ_CHECK(err[0] != '\0');
		return 0;
	}
	FUZZ_CHECK(v != NULL);
	json_w_init(&w, html ? JSON_W_HTML : 0);
	write_val(&w, NULL, v);
	FUZZ_CHECK(json_w_finish(&w, &text, &len) == 0);
	FUZZ_CHECK(strlen(text) == len);
	if (html)
		FUZZ_CHECK(strpbrk(text, "<>&") == NULL);
	if (json_parse(text, len, &u, err, sizeof err) < 0) {
		fprintf(stderr, "re-parse of '%s' failed: %s\n", text, err);
		FUZZ_CHECK(0);
	}
	FUZZ_CHECK(equal(v, u));
	if (v->type == JSON_OBJ)
		for (i = 0; i < v->n; i++) {
			FUZZ_CHECK(json_get(v, v->keys[i]) != NULL);
			if (!strchr(v->keys[i], '.'))
				FUZZ_CHECK(json_path(v, v->keys[i]) != NULL);
		}
	FUZZ_CHECK(json_at(v, v->type == JSON_ARR ? v->n : 0) == NULL ||
	    (v->type == JSON_ARR && v->n > 0));
	json_free(v);
	json_free(u);
	free(text);
	return 0;
}
