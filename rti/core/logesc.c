/* SPDX-License-Identifier: Apache-2.0 */
/*
 * logesc.c - see logesc.h.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "logesc.h"

/* Length of the valid UTF-8 sequence at p[0..n) (1..4) with its code
 * point in *cp, or 0. */
static size_t
utf8_seq(const unsigned char *p, size_t n, uint32_t *cp)
{
	size_t len, i;
	uint32_t c;

	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	}
	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		len = 2;
		c = p[0] & 0x1f;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		len = 3;
		c = p[0] & 0x0f;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		len = 4;
		c = p[0] & 0x07;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3f);
	}
	if ((len == 3 && (c < 0x800 || (c >= 0xd800 && c <= 0xdfff))) ||
	    (len == 4 && (c < 0x10000 || c > 0x10ffff)))
		return 0;
	*cp = c;
	return len;
}

/* 1 for the code points written as \u{XXXX}. */
static int
invisible(uint32_t c)
{
	return (c >= 0x80 && c <= 0x9f) || c == 0x61c || c == 0x200e ||
	    c == 0x200f || (c >= 0x202a && c <= 0x202e) ||
	    (c >= 0x2066 && c <= 0x2069);
}

size_t
log_escape(char *out, size_t cap, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, o = 0, k;
	char esc[12];
	uint32_t c;

	if (cap == 0)
		return 0;
	while (i < n) {
		k = utf8_seq(p + i, n - i, &c);
		if (k == 0) {
			esc[0] = '\\';
			esc[1] = 'x';
			esc[2] = hex[p[i] >> 4];
			esc[3] = hex[p[i] & 15];
			esc[4] = '\0';
			k = 1;
		} else if (c == '\\') {
			memcpy(esc, "\\\\", 3);
		} else if (c == '\n') {
			memcpy(esc, "\\n", 3);
		} else if (c == '\r') {
			memcpy(esc, "\\r", 3);
		} else if (c == '\t') {
			memcpy(esc, "\\t", 3);
		} else if (c == 0x1b) {
			memcpy(esc, "\\e", 3);
		} else if (c < 0x20 || c == 0x7f) {
			esc[0] = '\\';
			esc[1] = 'x';
			esc[2] = hex[c >> 4];
			esc[3] = hex[c & 15];
			esc[4] = '\0';
		} else if (invisible(c)) {
			snprintf(esc, sizeof esc, "\\u{%04X}", (unsigned)c);
		} else {
			memcpy(esc, p + i, k);
			esc[k] = '\0';
		}
		{
			size_t el = strlen(esc);

			/* room for this and, when more follows, "..." */
			if (o + el + (i + k < n ? 3 : 0) >= cap) {
				if (o + 3 < cap) {
					memcpy(out + o, "...", 3);
					o += 3;
				}
				break;
			}
			memcpy(out + o, esc, el);
			o += el;
		}
		i += k;
	}
	out[o] = '\0';
	return o;
}
