/* SPDX-License-Identifier: Apache-2.0 */
/*
 * modes_scale.c - rtibench scale mode: rtiexec's resident memory per
 * registered instance (4 attributes) and per joined federate, and how the
 * update round trip grows with the number of joined federates.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "fed.h"

static size_t
rss_settled(const struct bench_rtiexec *r)
{
	return bench_rtiexec_rss(r);
}

/* The latency mode's round trip between two federates while n others sit
 * joined (not subscribed): what each joined federate costs an update. */
static int
scale_latency(struct bench_ctx *c)
{
	static const int at[] = { 0, 8, 48, 198 };
	struct bench_rtiexec r;
	rti_ambassador *idle[198];
	double p50, p99, p50_first = 0;
	long warm = c->quick ? 200 : 1000, count = c->quick ? 2000 : 10000;
	int k, n = 0, max = c->quick ? 18 : 198, rc = 0;

	if (bench_rtiexec_start(&r, c) < 0)
		return -1;
	for (k = 0; k < (int)(sizeof at / sizeof *at) && rc == 0; k++) {
		int want = at[k] < max ? at[k] : max;

		if (k > 0 && want == n)
			break;
		for (; n < want; n++)
			idle[n] = bench_join(&r, "scale", NULL, NULL, NULL,
			    NULL);
		rc = bench_round_trip(&r, "scale", warm, count, &p50, &p99);
		if (rc == 0) {
			if (k == 0)
				p50_first = p50;
			printf("RESULT mode=scale %s "
			    "figure=latency federates=%d p50_us=%.1f "
			    "p99_us=%.1f growth_p50=%.2f\n",
			    bench_tags(c), n + 2, p50, p99, p50 / p50_first);
			fflush(stdout);
		}
	}
	while (n > 0)
		bench_resign(idle[--n]);
	bench_rtiexec_stop(&r);
	return rc;
}

int
bench_mode_scale(struct bench_ctx *c)
{
	static const long counts[] = { 1000, 10000, 100000, 1000000 };
	struct bench_rtiexec r;
	rti_ambassador *a, **feds;
	rti_object_class_handle cls;
	rti_attribute_handle attrs[4];
	size_t base_rss, rss;
	long k, i, done = 0, max = c->quick ? 10000 : c->full ? 1000000 :
	    100000;
	int nf, max_feds = c->quick ? 20 : 200;
	char an[4];

	if (c->url) {
		fprintf(stderr, "rtibench: scale measures its own rtiexec; "
		    "--url is not supported\n");
		return -1;
	}
	if (bench_rtiexec_start(&r, c) < 0)
		return -1;
	a = bench_join(&r, "scale", "registrar", NULL, NULL, NULL);
	BENCH_CHECK(a, rti_get_object_class_handle(a, "Sample", &cls));
	for (i = 0; i < 4; i++) {
		snprintf(an, sizeof an, "a%ld", i);
		BENCH_CHECK(a, rti_get_attribute_handle(a, cls, an,
		    &attrs[i]));
	}
	BENCH_CHECK(a, rti_publish_object_class_attributes(a, cls, attrs,
	    4));
	base_rss = rss_settled(&r);
	for (k = 0; k < (long)(sizeof counts / sizeof *counts); k++) {
		rti_object_instance_handle obj;
		double t0 = bench_now();

		if (counts[k] > max)
			break;
		for (; done < counts[k]; done++)
			BENCH_CHECK(a, rti_register_object_instance(a, cls,
			    &obj));
		rss = rss_settled(&r);
		printf("RESULT mode=scale %s instances=%ld "
		    "attributes=4 rss_bytes=%zu bytes_per_instance=%.0f "
		    "registrations_per_s=%.0f\n", bench_tags(c),
		    counts[k], rss,
		    (double)(rss - base_rss) / (double)counts[k],
		    (double)(counts[k] - (k ? counts[k - 1] : 0)) /
		    (bench_now() - t0));
		fflush(stdout);
	}
	bench_resign(a);
	bench_rtiexec_stop(&r);

	/* Federates. */
	if (bench_rtiexec_start(&r, c) < 0)
		return -1;
	feds = calloc((size_t)max_feds, sizeof *feds);
	if (!feds)
		return -1;
	feds[0] = bench_join(&r, "scale", NULL, NULL, NULL, NULL);
	base_rss = rss_settled(&r);
	for (nf = 1; nf < max_feds; nf++)
		feds[nf] = bench_join(&r, "scale", NULL, NULL, NULL, NULL);
	rss = rss_settled(&r);
	printf("RESULT mode=scale %s federates=%d rss_bytes=%zu "
	    "bytes_per_federate=%.0f\n", bench_tags(c), max_feds, rss,
	    (double)(rss - base_rss) / (max_feds - 1));
	fflush(stdout);
	for (nf = 0; nf < max_feds; nf++)
		bench_resign(feds[nf]);
	free(feds);
	bench_rtiexec_stop(&r);
	return scale_latency(c);
}
