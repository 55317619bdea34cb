/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_http.c - libFuzzer target for what rtiexec decides itself about an
 * HTTP request once evhttp has parsed it (rti/http/http_route.h): the method,
 * the bearer key, the path and the federation name it decodes.
 *
 * The input is "M\nPATH\nAUTHORIZATION" (M: a byte choosing GET, HEAD or
 * another method and whether a key is required; a missing line is NULL).
 * Invariants: the page needs no key; without the key nothing but the
 * page is served; a federation route holds the percent-decoding of the
 * path's rest, which has no NUL and is never longer than it; the right
 * key always passes; anything not GET or HEAD is 405.  The path is also
 * read as the query of an events request (http_events_query): accepted,
 * its limit is within 1..max and an "after=DIGITS" alone reads back as
 * the number; refused, the message is there and nothing is half-set.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "http_route.h"

static const uint8_t key[] = "k3y-of-the-test";

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf, *path = NULL, *auth = NULL, *nl;
	struct http_route r;
	int method, keyed, rc;

	if (size == 0)
		return 0;
	method = data[0] % 3;
	keyed = (data[0] >> 2) & 1;
	if (!(buf = malloc(size)))
		return 0;
	memcpy(buf, data + 1, size - 1);
	buf[size - 1] = '\0';
	if (size > 1 && buf[0] == '\n') {
		path = buf + 1;
		if ((nl = strchr(path, '\n'))) {
			*nl = '\0';
			auth = nl + 1;
		}
	}
	rc = http_route(method, path, auth, keyed ? key : NULL,
	    keyed ? sizeof key - 1 : 0, &r);
	if (rc == 0) {
		FUZZ_CHECK(r.kind >= HR_PAGE && r.kind <= HR_UNAUTHORIZED);
		FUZZ_CHECK((r.name != NULL) == (r.kind == HR_FEDERATION ||
		    r.kind == HR_EVENTS));
		if (method == HTTP_OTHER)
			FUZZ_CHECK(r.kind == HR_METHOD);
		if (r.kind == HR_PAGE)
			FUZZ_CHECK(!path || !*path || strcmp(path, "/") == 0 ||
			    strcmp(path, "/index.html") == 0);
		if (keyed && r.kind != HR_PAGE && r.kind != HR_METHOD &&
		    r.kind != HR_UNAUTHORIZED)
			FUZZ_CHECK(auth && strncmp(auth, "Bearer ", 7) == 0 &&
			    strcmp(auth + 7, (const char *)key) == 0);
		if (r.kind == HR_FEDERATION)
			FUZZ_CHECK(strlen(r.name) <= strlen(path) - 20);
		if (r.kind == HR_EVENTS)
			FUZZ_CHECK(strlen(r.name) <= strlen(path) - 27);
		free(r.name);
	}
	/* the path as an events query */
	if (path) {
		uint64_t after = 7, v = 0;
		uint32_t limit = 7;
		char err[128] = "";
		size_t i, n = strlen(path);
		int digits = n > 6 && n <= 25 && strncmp(path, "after=", 6) == 0;

		for (i = 6; digits && i < n; i++)
			digits = path[i] >= '0' && path[i] <= '9';
		rc = http_events_query(path, 1000, &after, &limit, err,
		    sizeof err);
		if (rc == 0) {
			FUZZ_CHECK(limit >= 1 && limit <= 1000);
			if (digits) {
				for (i = 6; i < n; i++)
					v = v * 10 + (uint64_t)(path[i] - '0');
				FUZZ_CHECK(after == v);
			}
		} else {
			FUZZ_CHECK(rc == -1 && err[0] != '\0');
		}
	}
	/* the right key always passes */
	if (method == HTTP_GET && path) {
		char good[64];

		snprintf(good, sizeof good, "Bearer %s", key);
		if (http_route(HTTP_GET, path, good, key, sizeof key - 1,
		    &r) == 0) {
			FUZZ_CHECK(r.kind != HR_UNAUTHORIZED);
			free(r.name);
		}
	}
	free(buf);
	return 0;
}
