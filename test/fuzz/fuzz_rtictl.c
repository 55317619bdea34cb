/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_rtictl.c - libFuzzer target for what rtictl reads that is not
 * JSON (tools/ctlparse.h): its --url, the head of a response, and what it
 * prints of an error body; and the JSON of a response body (proto/json.h).
 *
 * The input is "URL\nRESPONSE".  Invariants: a URL taken has a host, a
 * port of digits and a prefix without a trailing '/', each
 * NUL-terminated; a response taken has a 3-digit status and its body
 * inside the input; what is printed is printable.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ctlparse.h"
#include "fuzz.h"
#include "json.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf, *resp, out[256], err[128];
	struct ctl_url u;
	struct json_val *v;
	size_t body, n, i, pl;
	int status;

	if (!(buf = malloc(size + 1)))
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	resp = memchr(buf, '\n', size);
	if (resp)
		*resp++ = '\0';
	if (ctl_parse_url(buf, &u) == 0) {
		FUZZ_CHECK(u.host[0] != '\0');
		FUZZ_CHECK(memchr(u.host, '\0', sizeof u.host) != NULL);
		FUZZ_CHECK(u.port[0] && strspn(u.port, "0123456789") ==
		    strlen(u.port));
		pl = strlen(u.prefix);
		FUZZ_CHECK(pl < sizeof u.prefix);
		FUZZ_CHECK(pl == 0 || (u.prefix[0] == '/' &&
		    u.prefix[pl - 1] != '/'));
	}
	if (resp) {
		n = size - (size_t)(resp - buf);
		if (ctl_parse_response(resp, n, &status, &body) == 0) {
			FUZZ_CHECK(status >= 100 && status <= 999);
			FUZZ_CHECK(body <= n);
			if (json_parse(resp + body, n - body, &v, err,
			    sizeof err) == 0)
				json_free(v);
		}
		ctl_printable(out, sizeof out, resp, n);
		for (i = 0; out[i]; i++)
			FUZZ_CHECK((out[i] >= 0x20 && out[i] < 0x7f) ||
			    out[i] == '\n' || out[i] == '\t');
		FUZZ_CHECK(i < sizeof out);
	}
	free(buf);
	return 0;
}
