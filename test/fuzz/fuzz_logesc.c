/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_logesc.c - libFuzzer target for the escaping of every rtiexec log
 * line (rti/core/logesc.h).
 *
 * Any bytes, escaped into buffers of several sizes.  Invariants: the
 * output is NUL-terminated within the buffer and its returned length;
 * it has no control byte, no DEL, no backslash that does not begin an
 * escape, no C1 or bidirectional control (in UTF-8 or raw) and is valid
 * UTF-8; with room enough (LOG_ESCAPE_MAX) nothing is cut.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "logesc.h"

/* 1 when s is valid UTF-8 without a C1 or bidirectional control. */
static int
clean_utf8(const unsigned char *s)
{
	while (*s) {
		unsigned c = *s;
		size_t k, i;
		unsigned cp;

		if (c < 0x80) {
			s++;
			continue;
		}
		k = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 ? 2 : 0;
		if (!k || c > 0xf4)
			return 0;
		cp = c & (0xff >> (k + 1));
		for (i = 1; i < k; i++) {
			if ((s[i] & 0xc0) != 0x80)
				return 0;
			cp = cp << 6 | (s[i] & 0x3f);
		}
		if ((cp >= 0x80 && cp <= 0x9f) || cp == 0x61c ||
		    cp == 0x200e || cp == 0x200f ||
		    (cp >= 0x202a && cp <= 0x202e) ||
		    (cp >= 0x2066 && cp <= 0x2069))
			return 0;
		s += k;
	}
	return 1;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const size_t caps[] = { 1, 2, 5, 17, 64 };
	size_t big = LOG_ESCAPE_MAX(size), n, i, k;
	char *out = malloc(big + 8);

	if (!out)
		return 0;
	for (k = 0; k <= sizeof caps / sizeof caps[0]; k++) {
		size_t cap = k < sizeof caps / sizeof caps[0] ? caps[k] : big;

		memset(out, 'Z', big + 8);
		n = log_escape(out, cap, (const char *)data, size);
		FUZZ_CHECK(n < cap);
		FUZZ_CHECK(out[n] == '\0' && strlen(out) == n);
		for (i = 0; i < n; i++) {
			unsigned char c = (unsigned char)out[i];

			FUZZ_CHECK(c >= 0x20 && c != 0x7f);
			if (c == '\\') {
				FUZZ_CHECK(i + 1 < n);
				FUZZ_CHECK(strchr("\\nrtexu", out[i + 1]));
				i++;
			}
		}
		FUZZ_CHECK(clean_utf8((const unsigned char *)out));
		if (cap == big)
			FUZZ_CHECK(n < 3 || strcmp(out + n - 3, "...") != 0 ||
			    (size >= 3 && memcmp(data + size - 3, "...", 3) ==
			    0));
	}
	free(out);
	return 0;
}
