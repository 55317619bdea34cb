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
 * key always passes; anything not GET or HEAD is 405.
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
		FUZZ_CHECK((r.name != NULL) == (r.kind == HR_FEDERATION));
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
		free(r.name);
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
