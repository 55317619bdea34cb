/* SPDX-License-Identifier: Apache-2.0 */
/*
 * modes_fanout.c - rtibench fanout mode: 100 substations x 10 instances,
 * 100 subscribers each wanting one substation, by condition, by region,
 * by prefix condition (instance "A3/S31/b7" of bay 7 in substation 31 of
 * area 3; subscriber 31 subscribes "A3/S31/"), and without filtering for
 * comparison.  Reports delivered updates per
 * second and the bytes rtiexec moved against the bytes a perfect router
 * would move (each update in once and out once to the one subscriber that
 * wants it).
 */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "fed.h"

#define N_SUB 100
#define PER_SUB 10
#define N_ATTR 4
#define WINDOW 100000

enum filter { F_OFF, F_CONDITION, F_REGION, F_PREFIX };

struct sink {
	rti_ambassador *amb;
	unsigned long reflected;
	double last;
	int pending;              /* librti holds callbacks already read */
};

static unsigned long g_delivered;

static void
on_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct sink *s = arg;

	(void)obj;
	(void)v;
	(void)n;
	(void)tag;
	(void)tag_len;
	(void)info;
	s->reflected++;
	g_delivered++;
}

/* Evoke every subscriber that has input, in its socket or already read
 * by librti (which poll cannot see); wait at most `s` seconds for some. */
static void
pump(struct sink *subs, struct pollfd *pfd, double s)
{
	int i, n, held = 0;

	for (i = 0; i < N_SUB; i++)
		held |= subs[i].pending;
	n = poll(pfd, N_SUB, held ? 0 : (int)(s * 1000));
	if (n < 0 || (n == 0 && !held))
		return;
	for (i = 0; i < N_SUB; i++)
		if ((n > 0 && pfd[i].revents) || subs[i].pending)
			rti_evoke_callbacks(subs[i].amb, 0, 0.01,
			    &subs[i].pending);
}

static int
run(struct bench_ctx *c, enum filter mode, double *rate, double *wire,
    double *wanted)
{
	static const char *const names[] = { "off", "condition", "region",
		"prefix" };
	struct bench_rtiexec r;
	struct sink *subs = calloc(N_SUB, sizeof *subs);
	struct pollfd *pfd = calloc(N_SUB, sizeof *pfd);
	rti_object_instance_handle *objs = calloc(N_SUB * PER_SUB,
	    sizeof *objs);
	struct rti_server_statistics s0, s1;
	struct rti_callbacks cb;
	struct rti_attribute_value v[N_ATTR];
	rti_object_class_handle cls;
	rti_attribute_handle attrs[N_ATTR];
	rti_dimension_handle dim;
	rti_ambassador *p;
	uint8_t data[8] = { 0 };
	unsigned long sent = 0, fan = mode == F_OFF ? N_SUB : 1;
	double t0, end, deadline;
	char fx[32], cond[32], an[4];
	int i, k, rc = 0;

	if (!subs || !pfd || !objs || bench_rtiexec_start(&r, c) < 0)
		return -1;
	snprintf(fx, sizeof fx, "fanout-%s", names[mode]);
	p = bench_join(&r, fx, "publisher", NULL, NULL, NULL);
	BENCH_CHECK(p, rti_get_object_class_handle(p, "Sample", &cls));
	for (i = 0; i < N_ATTR; i++) {
		snprintf(an, sizeof an, "a%d", i);
		BENCH_CHECK(p, rti_get_attribute_handle(p, cls, an,
		    &attrs[i]));
		v[i].attribute = attrs[i];
		v[i].value = data;
		v[i].length = sizeof data;
	}
	BENCH_CHECK(p, rti_get_dimension_handle(p, "Sub", &dim));
	BENCH_CHECK(p, rti_publish_object_class_attributes(p, cls, attrs,
	    N_ATTR));
	memset(&cb, 0, sizeof cb);
	cb.reflect_attribute_values = on_reflect;
	for (i = 0; i < N_SUB; i++) {
		rti_ambassador *a = bench_join(&r, fx, NULL, &cb, &subs[i],
		    NULL);

		subs[i].amb = a;
		pfd[i].fd = rti_get_fd(a);
		pfd[i].events = POLLIN;
		if (mode == F_PREFIX)
			snprintf(cond, sizeof cond, "A%d/S%d/", i / 10, i);
		else
			snprintf(cond, sizeof cond, "S%d", i);
		if (mode == F_CONDITION || mode == F_PREFIX) {
			BENCH_CHECK(a, rti_add_subscription_condition(a, cls,
			    cond));
			BENCH_CHECK(a, rti_subscribe_object_class_attributes(a,
			    cls, attrs, N_ATTR));
		} else if (mode == F_REGION) {
			rti_region_handle reg;

			BENCH_CHECK(a, rti_create_region(a, &dim, 1, &reg));
			BENCH_CHECK(a, rti_set_range_bounds(a, reg, dim,
			    (uint64_t)i, (uint64_t)i + 1));
			BENCH_CHECK(a, rti_commit_region_modifications(a, &reg,
			    1));
			BENCH_CHECK(a,
			    rti_subscribe_object_class_attributes_with_regions(
			    a, cls, attrs, N_ATTR, &reg, 1));
		} else {
			BENCH_CHECK(a, rti_subscribe_object_class_attributes(a,
			    cls, attrs, N_ATTR));
		}
	}
	for (i = 0; i < N_SUB; i++) {
		rti_region_handle reg;

		if (mode == F_REGION) {
			BENCH_CHECK(p, rti_create_region(p, &dim, 1, &reg));
			BENCH_CHECK(p, rti_set_range_bounds(p, reg, dim,
			    (uint64_t)i, (uint64_t)i + 1));
			BENCH_CHECK(p, rti_commit_region_modifications(p, &reg,
			    1));
		}
		snprintf(cond, sizeof cond, "S%d", i);
		for (k = 0; k < PER_SUB; k++) {
			rti_object_instance_handle *o = &objs[i * PER_SUB + k];

			if (mode == F_PREFIX)
				snprintf(cond, sizeof cond, "A%d/S%d/b%d",
				    i / 10, i, k);

			if (mode == F_REGION)
				BENCH_CHECK(p,
				    rti_register_object_instance_with_regions(
				    p, cls, attrs, N_ATTR, &reg, 1, o));
			else
				BENCH_CHECK(p,
				    rti_register_object_instance_with_condition(
				    p, cls, NULL, cond, o));
		}
	}
	/* Let discoveries settle. */
	deadline = bench_now() + 2;
	while (bench_now() < deadline)
		pump(subs, pfd, 0.01);
	g_delivered = 0;
	BENCH_CHECK(p, rti_query_server_statistics(p, &s0));
	t0 = bench_now();
	end = t0 + c->tp_seconds;
	while (bench_now() < end) {
		for (i = 0; i < 200; i++) {
			BENCH_CHECK(p, rti_update_attribute_values(p,
			    objs[sent % (N_SUB * PER_SUB)], v, N_ATTR, NULL,
			    0));
			sent++;
		}
		rti_evoke_callbacks(p, 0, 0, NULL);
		do
			pump(subs, pfd, 0);
		while (sent * fan - g_delivered > WINDOW);
	}
	deadline = bench_now() + 60;
	while (g_delivered < sent * fan && bench_now() < deadline) {
		rti_evoke_callbacks(p, 0, 0, NULL);
		pump(subs, pfd, 0.01);
	}
	*rate = (double)g_delivered / (bench_now() - t0);
	BENCH_CHECK(p, rti_query_server_statistics(p, &s1));
	*wire = (double)(s1.bytes_in - s0.bytes_in) +
	    (double)(s1.bytes_out - s0.bytes_out);
	/* A perfect router moves each update in once and out once. */
	*wanted = 2.0 * (double)(s1.bytes_in - s0.bytes_in);
	if (g_delivered < sent * fan) {
		fprintf(stderr, "rtibench: fanout %s: %lu of %lu delivered\n",
		    names[mode], g_delivered, sent * fan);
		rc = -1;
	}
	for (i = 0; i < N_SUB && rc == 0; i++)
		if (subs[i].reflected != (sent / (N_SUB * PER_SUB)) * PER_SUB *
		    (mode == F_OFF ? N_SUB : 1) && sent % (N_SUB * PER_SUB) ==
		    0) {
			fprintf(stderr, "rtibench: fanout %s: subscriber %d got "
			    "%lu\n", names[mode], i, subs[i].reflected);
			rc = -1;
		}
	for (i = 0; i < N_SUB; i++)
		bench_resign(subs[i].amb);
	bench_resign(p);
	bench_rtiexec_stop(&r);
	free(subs);
	free(pfd);
	free(objs);
	return rc;
}

int
bench_mode_fanout(struct bench_ctx *c)
{
	static const char *const names[] = { "off", "condition", "region",
		"prefix" };
	double rate[4], wire[4], wanted[4];
	int m;

	for (m = F_OFF; m <= F_PREFIX; m++) {
		if (run(c, (enum filter)m, &rate[m], &wire[m], &wanted[m]) < 0)
			return -1;
		printf("RESULT mode=fanout %s filter=%s "
		    "substations=%d instances=%d subscribers=%d "
		    "delivered_per_s=%.0f wire_bytes=%.0f wanted_bytes=%.0f "
		    "ratio_wire_to_wanted=%.2f%s", bench_tags(c),
		    m == F_OFF ? "off" : "on", N_SUB, N_SUB * PER_SUB,
		    N_SUB, rate[m], wire[m], wanted[m], wire[m] / wanted[m],
		    m == F_OFF ? "" : " by=");
		if (m != F_OFF)
			printf("%s ratio_wire_to_unfiltered=%.3f", names[m],
			    wire[m] / wire[F_OFF] * (wanted[F_OFF] / wanted[m]));
		printf("\n");
		fflush(stdout);
	}
	return 0;
}
