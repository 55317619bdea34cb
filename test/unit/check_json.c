/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_json.c - the JSON codec (proto/json.h): the writer's text to the
 * byte (commas, escapes, HTML safety, U+FFFD for bytes that are not
 * UTF-8, exact integers, shortest doubles, base64, misuse), the pull
 * reader's tokens and its refusals with their byte offsets, and the tree:
 * the whole uint64 range exactly, the bounds, no half-built tree.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

/* The text of a finished writer; ck fails when it is not 0. */
static char *
finish(struct json_w *w)
{
	char *out;
	size_t len;

	ck_assert_int_eq(json_w_finish(w, &out, &len), 0);
	ck_assert_uint_eq(strlen(out), len);
	return out;
}

static void
assert_text(struct json_w *w, const char *want)
{
	char *got = finish(w);

	ck_assert_str_eq(got, want);
	free(got);
}

/* ---- writer ---- */

START_TEST(test_write_document)
{
	struct json_w w;

	json_w_init(&w, 0);
	json_w_obj(&w, NULL);
	json_w_str(&w, "name", "Substation1");
	json_w_u64(&w, "max", UINT64_MAX);
	json_w_i64(&w, "min", INT64_MIN);
	json_w_arr(&w, "list");
	json_w_bool(&w, NULL, 1);
	json_w_bool(&w, NULL, 0);
	json_w_null(&w, NULL);
	json_w_obj(&w, NULL);
	json_w_obj_end(&w);
	json_w_arr(&w, NULL);
	json_w_arr_end(&w);
	json_w_arr_end(&w);
	json_w_str(&w, "none", NULL);
	json_w_obj_end(&w);
	assert_text(&w, "{\"name\":\"Substation1\","
	    "\"max\":18446744073709551615,\"min\":-9223372036854775808,"
	    "\"list\":[true,false,null,{},[]],\"none\":\"\"}");
}
END_TEST

/* Doubles: the shortest text that reads back to the same double. */
static const struct {
	double d;
	const char *text;
} doubles[] = {
	{ 0.0, "0" },
	{ -0.0, "-0.0" },
	{ 1.0, "1" },
	{ -2.5, "-2.5" },
	{ 0.1, "0.1" },
	{ 50.0, "50" },
	{ 0.000001, "0.000001" },
	{ 123456.789, "123456.789" },
	{ 1e9, "1000000000" },
	{ 1e21, "1e+21" },
	{ 1.0 / 3, "0.3333333333333333" },
	{ 5e-324, "4.94065645841247e-324" },
	{ 1.7976931348623157e308, "1.7976931348623157e+308" },
};

START_TEST(test_write_double)
{
	struct json_w w;
	char *t;

	json_w_init(&w, 0);
	json_w_double(&w, NULL, doubles[_i].d);
	t = finish(&w);
	ck_assert_msg(strcmp(t, doubles[_i].text) == 0, "%.17g: got %s, "
	    "want %s", doubles[_i].d, t, doubles[_i].text);
	ck_assert(strtod(t, NULL) == doubles[_i].d);
	free(t);
}
END_TEST

START_TEST(test_write_not_finite_is_null)
{
	struct json_w w;

	json_w_init(&w, 0);
	json_w_arr(&w, NULL);
	json_w_double(&w, NULL, NAN);
	json_w_double(&w, NULL, INFINITY);
	json_w_double(&w, NULL, -INFINITY);
	json_w_arr_end(&w);
	assert_text(&w, "[null,null,null]");
}
END_TEST

START_TEST(test_write_escapes)
{
	static const char s[] = "q\"b\\n\nr\rt\t\x01\x1f\x7f/<>&\0end";
	struct json_w w;

	json_w_init(&w, 0);
	json_w_strn(&w, NULL, s, sizeof s - 1);
	assert_text(&w, "\"q\\\"b\\\\n\\nr\\rt\\t\\u0001\\u001f\x7f/<>&"
	    "\\u0000end\"");
	json_w_init(&w, JSON_W_HTML);
	json_w_obj(&w, NULL);
	json_w_strn(&w, "<k>", s, sizeof s - 1);
	json_w_obj_end(&w);
	assert_text(&w, "{\"\\u003ck\\u003e\":\"q\\\"b\\\\n\\nr\\rt\\t"
	    "\\u0001\\u001f\\u007f/\\u003c\\u003e\\u0026\\u0000end\"}");
}
END_TEST

/* UTF-8 goes through; each byte that is not part of a valid sequence
 * becomes U+FFFD, so any name gives valid JSON. */
START_TEST(test_write_utf8)
{
	struct json_w w;

	json_w_init(&w, 0);
	json_w_arr(&w, NULL);
	json_w_str(&w, NULL, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
	json_w_str(&w, NULL, "a\xff" "b\xc3" "c\xed\xa0\x80" "d\xc0\xaf");
	json_w_str(&w, NULL, "\xe2\x82");
	json_w_arr_end(&w);
	assert_text(&w, "[\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\","
	    "\"a\\ufffdb\\ufffdc\\ufffd\\ufffd\\ufffdd\\ufffd\\ufffd\","
	    "\"\\ufffd\\ufffd\"]");
}
END_TEST

START_TEST(test_write_base64)
{
	struct json_w w;

	json_w_init(&w, 0);
	json_w_arr(&w, NULL);
	json_w_base64(&w, NULL, "", 0);
	json_w_base64(&w, NULL, "f", 1);
	json_w_base64(&w, NULL, "fo", 2);
	json_w_base64(&w, NULL, "foo", 3);
	json_w_base64(&w, NULL, "foob", 4);
	json_w_base64(&w, NULL, "\xff\xfe\x00", 3);
	json_w_arr_end(&w);
	assert_text(&w, "[\"\",\"Zg==\",\"Zm8=\",\"Zm9v\",\"Zm9vYg==\","
	    "\"//4A\"]");
}
END_TEST

/* A number given as text: written as it is when it is one JSON number,
 * else the writer fails. */
START_TEST(test_write_number_text)
{
	static const char *const bad[] = { "", "+1", " 1", "1 ", "01",
	    "1.", ".5", "1e", "Inf", "1,2", "--1", "0x10" };
	struct json_w w;
	char *out;
	size_t i;

	json_w_init(&w, 0);
	json_w_arr(&w, NULL);
	json_w_number(&w, NULL, "-12.5e+3");
	json_w_number(&w, NULL, "0");
	json_w_arr_end(&w);
	assert_text(&w, "[-12.5e+3,0]");
	for (i = 0; i < sizeof bad / sizeof *bad; i++) {
		json_w_init(&w, 0);
		json_w_number(&w, NULL, bad[i]);
		ck_assert_msg(json_w_finish(&w, &out, NULL) == JSON_EMISUSE,
		    "'%s' was written as a number", bad[i]);
		ck_assert_ptr_null(out);
	}
}
END_TEST

/* A close with nothing open, a document left open: refused, nothing
 * kept; the writer is empty after and can be used again. */
START_TEST(test_write_misuse)
{
	struct json_w w;
	char *out;

	json_w_init(&w, 0);
	json_w_obj(&w, NULL);
	json_w_obj_end(&w);
	json_w_obj_end(&w);
	ck_assert_int_eq(json_w_finish(&w, &out, NULL), JSON_EMISUSE);
	ck_assert_ptr_null(out);
	json_w_arr(&w, NULL);
	ck_assert_int_eq(json_w_finish(&w, &out, NULL), JSON_EMISUSE);
	json_w_u64(&w, NULL, 7);
	assert_text(&w, "7");
	json_w_str(&w, NULL, "dropped");
	json_w_free(&w);
	ck_assert_ptr_null(w.p);
}
END_TEST

/* ---- pull reader ---- */

START_TEST(test_read_tokens)
{
	static const char t[] = " {\"k\\u00e9\": [ -12 , 3.5e2, true, null,"
	    " \"\\ud83d\\ude00\\/\" ] }\n";
	struct json_r r;
	struct json_num num;
	uint64_t mag;
	double d;
	char *s;
	size_t n;
	int neg;

	json_r_init(&r, t, sizeof t - 1);
	ck_assert_str_eq(json_r_what(&r), "an object");
	ck_assert_int_eq(json_r_open(&r, '{'), 0);
	ck_assert_int_eq(json_r_more(&r, '}', 1), 1);
	ck_assert_int_eq(json_r_key(&r, &s, &n), 0);
	ck_assert_str_eq(s, "k\xc3\xa9");
	ck_assert_uint_eq(n, 3);
	free(s);
	ck_assert_int_eq(json_r_open(&r, '['), 0);
	ck_assert_int_eq(json_r_more(&r, ']', 1), 1);
	ck_assert_int_eq(json_r_number(&r, &num), 0);
	ck_assert(num.is_int);
	ck_assert_int_eq(json_num_int(&num, &neg, &mag), 0);
	ck_assert(neg && mag == 12);
	ck_assert_int_eq(json_r_more(&r, ']', 0), 1);
	ck_assert_int_eq(json_r_number(&r, &num), 0);
	ck_assert(!num.is_int);
	ck_assert_int_eq(json_num_double(&num, &d), 0);
	ck_assert(d == 350);
	ck_assert_int_eq(json_r_more(&r, ']', 0), 1);
	ck_assert_int_eq(json_r_literal(&r), JSON_TRUE);
	ck_assert_int_eq(json_r_more(&r, ']', 0), 1);
	ck_assert_int_eq(json_r_literal(&r), JSON_LNULL);
	ck_assert_int_eq(json_r_more(&r, ']', 0), 1);
	ck_assert_str_eq(json_r_what(&r), "a string");
	ck_assert_int_eq(json_r_string(&r, &s, &n), 0);
	ck_assert_str_eq(s, "\xf0\x9f\x98\x80/");
	free(s);
	ck_assert_int_eq(json_r_more(&r, ']', 0), 0);
	ck_assert_int_eq(json_r_more(&r, '}', 0), 0);
	ck_assert_int_eq(json_r_end(&r), 0);
	ck_assert_str_eq(json_r_what(&r), "the end of the text");
}
END_TEST

/* U+0000 escaped is kept by the pull reader (the value codec takes it in
 * a string); the length says where the string ends. */
START_TEST(test_read_nul_escape)
{
	struct json_r r;
	char *s;
	size_t n;

	json_r_init(&r, "\"a\\u0000b\"", 10);
	ck_assert_int_eq(json_r_string(&r, &s, &n), 0);
	ck_assert_uint_eq(n, 3);
	ck_assert_mem_eq(s, "a\0b", 4);
	free(s);
}
END_TEST

/* Strings the reader refuses: why, and the byte it points at. */
static const struct {
	const char *text;
	const char *what;
	size_t at;
} bad_strings[] = {
	{ "x", "expected a string", 0 },
	{ "  \"abc", "unterminated string", 6 },
	{ "\"ab\\\"", "unterminated string", 5 },
	{ "\"a\tb\"", "control character in a string", 2 },
	{ "\"a\\qb\"", "invalid escape in a string", 2 },
	{ "\"a\\u12g4\"", "invalid escape in a string", 2 },
	{ "\"a\\u12\"", "invalid escape in a string", 2 },
	{ "\"\\udc00\"", "unpaired UTF-16 surrogate escape in a string", 1 },
	{ "\"\\ud800x\"", "unpaired UTF-16 surrogate escape in a string", 1 },
	{ "\"\\ud800\\u0041\"",
	    "unpaired UTF-16 surrogate escape in a string", 1 },
	{ "\"a\xff\"", "invalid UTF-8 in a string", 2 },
	{ "\"\xc0\xaf\"", "invalid UTF-8 in a string", 1 },
	{ "\"\xed\xa0\x80\"", "invalid UTF-8 in a string", 1 },
	{ "\"\xe2\x82\"", "invalid UTF-8 in a string", 1 },
};

START_TEST(test_read_bad_string)
{
	struct json_r r;
	char *s = (char *)"untouched";
	size_t n;

	json_r_init(&r, bad_strings[_i].text, strlen(bad_strings[_i].text));
	ck_assert_int_eq(json_r_string(&r, &s, &n), -1);
	ck_assert_str_eq(r.what, bad_strings[_i].what);
	ck_assert_uint_eq(r.i, bad_strings[_i].at);
	ck_assert_str_eq(s, "untouched");
}
END_TEST

START_TEST(test_read_bad_tokens)
{
	struct json_r r;
	struct json_num num;
	char *k;
	size_t n;

	json_r_init(&r, " -", 2);
	ck_assert_int_eq(json_r_number(&r, &num), -1);
	ck_assert_str_eq(r.what, "expected a number");
	ck_assert_uint_eq(r.i, 1);
	json_r_init(&r, "1.e5", 4);
	ck_assert_int_eq(json_r_number(&r, &num), -1);
	json_r_init(&r, "1e+", 3);
	ck_assert_int_eq(json_r_number(&r, &num), -1);
	json_r_init(&r, "01", 2);
	ck_assert_int_eq(json_r_number(&r, &num), 0);
	ck_assert_uint_eq(num.n, 1);
	ck_assert_int_eq(json_r_end(&r), -1);
	ck_assert_str_eq(r.what, "text after the value");
	ck_assert_uint_eq(r.i, 1);
	json_r_init(&r, "nul", 3);
	ck_assert_int_eq(json_r_literal(&r), -1);
	ck_assert_str_eq(r.what, "expected true, false or null");
	json_r_init(&r, "[1 2]", 5);
	ck_assert_int_eq(json_r_open(&r, '{'), -1);
	ck_assert_str_eq(r.what, "expected an object");
	ck_assert_int_eq(json_r_open(&r, '['), 0);
	ck_assert_int_eq(json_r_more(&r, ']', 1), 1);
	ck_assert_int_eq(json_r_number(&r, &num), 0);
	ck_assert_int_eq(json_r_more(&r, ']', 0), -1);
	ck_assert_str_eq(r.what, "expected ',' or ']' in an array");
	ck_assert_uint_eq(r.i, 3);
	json_r_init(&r, "{1:2}", 5);
	json_r_open(&r, '{');
	ck_assert_int_eq(json_r_key(&r, &k, &n), -1);
	ck_assert_str_eq(r.what, "expected a member name");
	json_r_init(&r, "{\"a\" 2}", 7);
	json_r_open(&r, '{');
	ck_assert_int_eq(json_r_key(&r, &k, &n), -1);
	ck_assert_str_eq(r.what, "expected ':' after a member name");
	ck_assert_uint_eq(r.i, 5);
}
END_TEST

/* Integers exactly, to the last of the uint64 range, and past it none. */
START_TEST(test_read_exact_integers)
{
	static const struct {
		const char *text;
		int ok, neg;
		uint64_t mag;
	} ints[] = {
		{ "18446744073709551615", 1, 0, UINT64_MAX },
		{ "-18446744073709551615", 1, 1, UINT64_MAX },
		{ "9007199254740993", 1, 0, 9007199254740993ull },
		{ "-9223372036854775808", 1, 1, 9223372036854775808ull },
		{ "18446744073709551616", 0, 0, 0 },
		{ "99999999999999999999", 0, 0, 0 },
		{ "-0", 1, 1, 0 },
	};
	struct json_r r;
	struct json_num num;
	uint64_t mag;
	size_t i;
	int neg;

	for (i = 0; i < sizeof ints / sizeof *ints; i++) {
		json_r_init(&r, ints[i].text, strlen(ints[i].text));
		ck_assert_int_eq(json_r_number(&r, &num), 0);
		ck_assert(num.is_int);
		if (!ints[i].ok) {
			ck_assert_int_eq(json_num_int(&num, &neg, &mag), -1);
			continue;
		}
		ck_assert_int_eq(json_num_int(&num, &neg, &mag), 0);
		ck_assert_int_eq(neg, ints[i].neg);
		ck_assert_uint_eq(mag, ints[i].mag);
	}
}
END_TEST

START_TEST(test_base64_decode)
{
	uint8_t out[16];

	ck_assert_int_eq(json_base64_decode("", 0, out), 0);
	ck_assert_int_eq(json_base64_decode("Zg==", 4, out), 1);
	ck_assert_int_eq(out[0], 'f');
	ck_assert_int_eq(json_base64_decode("Zm8=", 4, out), 2);
	ck_assert_int_eq(json_base64_decode("Zm9vYmFy", 8, out), 6);
	ck_assert_mem_eq(out, "foobar", 6);
	ck_assert_int_eq(json_base64_decode("//4A", 4, out), 3);
	ck_assert_mem_eq(out, "\xff\xfe\x00", 3);
	ck_assert_int_eq(json_base64_decode("Zg=", 3, out), -1);
	ck_assert_int_eq(json_base64_decode("Z===", 4, out), -1);
	ck_assert_int_eq(json_base64_decode("Zg==Zg==", 8, out), -1);
	ck_assert_int_eq(json_base64_decode("Zm=v", 4, out), -1);
	ck_assert_int_eq(json_base64_decode("Zm9*", 4, out), -1);
	ck_assert_int_eq(json_base64_decode("Zm9\0", 4, out), -1);
}
END_TEST

/* ---- tree ---- */

START_TEST(test_parse_document)
{
	static const char t[] = "{\"server\":{\"now\":12.5,\"n\":"
	    "18446744073709551615},\"feds\":[{\"name\":\"a\"},"
	    "{\"name\":\"b\",\"ok\":true}],\"neg\":-3,\"big\":1e300}";
	struct json_val *v;
	char err[64];

	ck_assert_int_eq(json_parse(t, sizeof t - 1, &v, err, sizeof err), 0);
	ck_assert(json_num(json_path(v, "server.now"), 0) == 12.5);
	ck_assert_uint_eq(json_u64(json_path(v, "server.n"), 0), UINT64_MAX);
	ck_assert_uint_eq(json_u64(json_get(v, "neg"), 7), 7);
	ck_assert(json_num(json_get(v, "neg"), 0) == -3);
	ck_assert_uint_eq(json_u64(json_get(v, "big"), 7), 7);
	ck_assert_uint_eq(json_u64(json_path(v, "server.now"), 7), 7);
	ck_assert_str_eq(json_str(json_get(json_at(json_get(v, "feds"), 1),
	    "name"), ""), "b");
	ck_assert_int_eq(json_bool(json_get(json_at(json_get(v, "feds"), 1),
	    "ok"), 0), 1);
	ck_assert_ptr_null(json_at(json_get(v, "feds"), 2));
	ck_assert_ptr_null(json_path(v, "server.now.x"));
	ck_assert_ptr_null(json_get(json_get(v, "feds"), "name"));
	ck_assert_str_eq(json_str(json_get(v, "none"), "dflt"), "dflt");
	json_free(v);
}
END_TEST

/* Texts the tree refuses, with where and why. */
static const struct {
	const char *text;
	const char *err;
} bad_docs[] = {
	{ "", "at byte 0: expected a value" },
	{ "  ", "at byte 2: expected a value" },
	{ "[1,]", "at byte 3: expected a number" },
	{ "{\"a\":1,}", "at byte 7: expected a member name" },
	{ "[1] x", "at byte 4: text after the value" },
	{ "\"a\\u0000b\"", "at byte 0: U+0000 in a string" },
	{ "{\"a\\u0000\":1}", "at byte 1: U+0000 in a string" },
	{ "[tru]", "at byte 1: expected true, false or null" },
	{ "{\"a\":[1,2}", "at byte 9: expected ',' or ']' in an array" },
	{ "\"\xff\"", "at byte 1: invalid UTF-8 in a string" },
};

START_TEST(test_parse_refused)
{
	struct json_val *v = (struct json_val *)&v;
	char err[128];

	ck_assert_int_eq(json_parse(bad_docs[_i].text,
	    strlen(bad_docs[_i].text), &v, err, sizeof err), -1);
	ck_assert_ptr_null(v);
	ck_assert_str_eq(err, bad_docs[_i].err);
}
END_TEST

/* The bounds: JSON_MAX_DEPTH levels are fine, one more is refused; a
 * number past JSON_NUM_MAX characters is refused. */
START_TEST(test_parse_bounds)
{
	char t[2 * (JSON_MAX_DEPTH + 2) + 1], num[JSON_NUM_MAX + 8], err[64];
	struct json_val *v;
	int d;

	for (d = 0; d <= JSON_MAX_DEPTH; d++) {
		t[d] = '[';
		t[2 * (JSON_MAX_DEPTH + 1) - 1 - d] = ']';
	}
	ck_assert_int_eq(json_parse(t, 2 * (JSON_MAX_DEPTH + 1), &v, err,
	    sizeof err), 0);
	json_free(v);
	memmove(t + 1, t, 2 * (JSON_MAX_DEPTH + 1));
	t[0] = '[';
	t[2 * (JSON_MAX_DEPTH + 2) - 1] = ']';
	ck_assert_int_eq(json_parse(t, 2 * (JSON_MAX_DEPTH + 2), &v, err,
	    sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "nested deeper than 64"));
	memset(num, '1', sizeof num);
	ck_assert_int_eq(json_parse(num, JSON_NUM_MAX, &v, err, sizeof err),
	    0);
	ck_assert(isinf(json_num(v, 0)));
	json_free(v);
	ck_assert_int_eq(json_parse(num, JSON_NUM_MAX + 1, &v, err,
	    sizeof err), -1);
	ck_assert_str_eq(err, "at byte 0: number of more than 400 "
	    "characters");
}
END_TEST

/* What the writer writes, the tree reads back the same. */
START_TEST(test_round_trip)
{
	struct json_w w;
	struct json_val *v;
	char *t, err[64];
	size_t n;

	json_w_init(&w, JSON_W_HTML);
	json_w_obj(&w, NULL);
	json_w_u64(&w, "u", UINT64_MAX);
	json_w_i64(&w, "i", INT64_MIN);
	json_w_double(&w, "d", 0.1);
	json_w_str(&w, "s", "</script>\xe2\x82\xac\n");
	json_w_obj_end(&w);
	ck_assert_int_eq(json_w_finish(&w, &t, &n), 0);
	ck_assert_int_eq(json_parse(t, n, &v, err, sizeof err), 0);
	ck_assert_uint_eq(json_u64(json_get(v, "u"), 0), UINT64_MAX);
	ck_assert(json_get(v, "i")->exact && json_get(v, "i")->neg &&
	    json_get(v, "i")->mag == 9223372036854775808ull);
	ck_assert(json_num(json_get(v, "d"), 0) == 0.1);
	ck_assert_str_eq(json_str(json_get(v, "s"), ""),
	    "</script>\xe2\x82\xac\n");
	json_free(v);
	free(t);
}
END_TEST

static Suite *
json_suite(void)
{
	Suite *s = suite_create("json");
	TCase *tc = tcase_create("writer");

	tcase_add_test(tc, test_write_document);
	tcase_add_loop_test(tc, test_write_double, 0,
	    (int)(sizeof doubles / sizeof *doubles));
	tcase_add_test(tc, test_write_not_finite_is_null);
	tcase_add_test(tc, test_write_escapes);
	tcase_add_test(tc, test_write_utf8);
	tcase_add_test(tc, test_write_base64);
	tcase_add_test(tc, test_write_number_text);
	tcase_add_test(tc, test_write_misuse);
	suite_add_tcase(s, tc);
	tc = tcase_create("reader");
	tcase_add_test(tc, test_read_tokens);
	tcase_add_test(tc, test_read_nul_escape);
	tcase_add_loop_test(tc, test_read_bad_string, 0,
	    (int)(sizeof bad_strings / sizeof *bad_strings));
	tcase_add_test(tc, test_read_bad_tokens);
	tcase_add_test(tc, test_read_exact_integers);
	tcase_add_test(tc, test_base64_decode);
	suite_add_tcase(s, tc);
	tc = tcase_create("tree");
	tcase_add_test(tc, test_parse_document);
	tcase_add_loop_test(tc, test_parse_refused, 0,
	    (int)(sizeof bad_docs / sizeof *bad_docs));
	tcase_add_test(tc, test_parse_bounds);
	tcase_add_test(tc, test_round_trip);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(json_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
