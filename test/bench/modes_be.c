/* SPDX-License-Identifier: Apache-2.0 */
/*
 * modes_be.c - rtibench's besteffort mode: the latency round trip and
 * the throughput of modes_om.c, once with Bench.xml's Sample (reliable,
 * on the stream) and once with BenchBE.xml's SampleBE (HLAbestEffort, by
 * UDP), in one federation whose FOM has both.  Best effort may lose
 * what a full socket or the network drops: a round trip without an
 * answer within LOST_S is counted lost, and throughput reports the
 * fraction of the updates sent that was reflected.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "fed.h"

#define N_ATTRS 8
#define TP_ATTRS 4
#define TP_INSTANCES 1000
#define TP_WINDOW 20000
#define LOST_S 0.2

struct befed {
	rti_ambassador *amb;
	rti_object_class_handle cls;
	rti_attribute_handle attrs[N_ATTRS];
	rti_object_instance_handle own;
	atomic_size_t discovered, reflected;
	double first, last;
	int echo;
	volatile int got;
	int numbered;		/* round trips: a0 carries their number */
	uint8_t want;		/* the number of the one under way */
	uint8_t data[N_ATTRS][8];
};

static void
on_discover(void *arg, rti_object_instance_handle obj,
    rti_object_class_handle cls, const char *name, rti_federate_handle p)
{
	struct befed *f = arg;

	(void)obj, (void)cls, (void)name, (void)p;
	atomic_fetch_add(&f->discovered, 1);
}

static void
update_own(struct befed *f)
{
	struct rti_attribute_value v[N_ATTRS];
	size_t i;

	for (i = 0; i < N_ATTRS; i++) {
		v[i].attribute = f->attrs[i];
		v[i].value = f->data[i];
		v[i].length = 8;
	}
	BENCH_CHECK(f->amb, rti_update_attribute_values(f->amb, f->own, v,
	    N_ATTRS, NULL, 0));
}

static void
on_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *values, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct befed *f = arg;
	double t;
	size_t i;

	(void)obj, (void)tag, (void)tag_len, (void)info;
	for (i = 0; f->numbered && i < n; i++)
		if (values[i].attribute.id == f->attrs[0].id &&
		    values[i].length == 8)
			break;
	if (f->echo) {
		/* the answer carries the number it answers */
		if (f->numbered && i < n)
			memcpy(f->data[0], values[i].value, 8);
		update_own(f);
		return;
	}
	/* a late answer to an earlier round trip is not this one's */
	if (f->numbered && (i == n ||
	    *(const uint8_t *)values[i].value != f->want))
		return;
	t = bench_now();
	if (atomic_fetch_add(&f->reflected, 1) == 0)
		f->first = t;
	f->last = t;
	f->got = 1;
}

static void
setup(struct befed *f, const struct bench_rtiexec *r, const char *cls,
    int publish, int subscribe)
{
	struct rti_callbacks cb;
	struct rti_transport_stats st;
	double deadline;
	char an[4];
	int i;

	memset(f, 0, sizeof *f);
	memset(&cb, 0, sizeof cb);
	cb.discover_object_instance = on_discover;
	cb.reflect_attribute_values = on_reflect;
	f->amb = bench_join(r, "besteffort", NULL, &cb, f, "BenchBE.xml");
	BENCH_CHECK(f->amb, rti_get_object_class_handle(f->amb, cls,
	    &f->cls));
	for (i = 0; i < N_ATTRS; i++) {
		snprintf(an, sizeof an, "a%d", i);
		BENCH_CHECK(f->amb, rti_get_attribute_handle(f->amb, f->cls,
		    an, &f->attrs[i]));
		memset(f->data[i], i + 1, 8);
	}
	if (publish)
		BENCH_CHECK(f->amb, rti_publish_object_class_attributes(
		    f->amb, f->cls, f->attrs, N_ATTRS));
	if (subscribe)
		BENCH_CHECK(f->amb, rti_subscribe_object_class_attributes(
		    f->amb, f->cls, f->attrs, N_ATTRS));
	/* the datagram path (none over a Unix socket: best effort then
	 * travels on the stream) */
	deadline = bench_now() + 5;
	while (rti_get_transport_stats(f->amb, &st) == RTI_OK && !st.udp &&
	    bench_now() < deadline)
		rti_evoke_callbacks(f->amb, 0.01, 0.01, NULL);
}

static void
wait_discovered(struct befed *f, size_t n)
{
	double deadline = bench_now() + 60;

	while (atomic_load(&f->discovered) < n) {
		if (bench_now() > deadline)
			bench_die(f->amb, "waiting for discovery",
			    RTI_ERR_INTERNAL_ERROR);
		rti_evoke_callbacks(f->amb, 0.01, 0.1, NULL);
	}
}

struct loop_ctl {
	struct befed *f;
	atomic_int stop;
};

static void *
evoke_loop(void *p)
{
	struct loop_ctl *e = p;

	while (!atomic_load(&e->stop))
		rti_evoke_callbacks(e->f->amb, 0.01, 0.01, NULL);
	return NULL;
}

/* Round trips of class `cls`: p50 and p99 of those answered, *lost
 * those not answered within LOST_S (best effort; a reliable one is
 * waited for however long TCP takes under loss).  Each carries its
 * number in a0, so that a late answer never ends a later round trip. */
static void
round_trip(const struct bench_rtiexec *r, const char *cls, long warmup,
    long count, double *p50, double *p99, long *lost)
{
	struct befed a, b;
	struct loop_ctl e;
	pthread_t th;
	long i, n = warmup + count, k = 0;
	double *rtt = malloc(sizeof *rtt * (size_t)count), wait_s;

	if (!rtt)
		bench_die(NULL, "malloc", RTI_ERR_NO_MEMORY);
	setup(&a, r, cls, 1, 1);
	setup(&b, r, cls, 1, 1);
	wait_s = strcmp(cls, "Sample") ? LOST_S : 60;
	BENCH_CHECK(a.amb, rti_register_object_instance(a.amb, a.cls,
	    &a.own));
	BENCH_CHECK(b.amb, rti_register_object_instance(b.amb, b.cls,
	    &b.own));
	wait_discovered(&a, 1);
	wait_discovered(&b, 1);
	a.numbered = b.numbered = 1;
	b.echo = 1;
	e.f = &b;
	atomic_init(&e.stop, 0);
	pthread_create(&th, NULL, evoke_loop, &e);
	*lost = 0;
	for (i = 0; i < n; i++) {
		double t0 = bench_now();

		a.got = 0;
		a.want = (uint8_t)i;
		memset(a.data[0], a.want, 8);
		update_own(&a);
		while (!a.got && bench_now() - t0 < wait_s)
			if (rti_evoke_callback(a.amb, LOST_S / 4, NULL) !=
			    RTI_OK)
				bench_die(a.amb, "round trip",
				    RTI_ERR_INTERNAL_ERROR);
		if (!a.got)
			++*lost;
		else if (i >= warmup)
			rtt[k++] = (bench_now() - t0) * 1e6;
	}
	atomic_store(&e.stop, 1);
	pthread_join(th, NULL);
	*p50 = bench_quantile(rtt, (size_t)k, 0.50);
	*p99 = bench_quantile(rtt, (size_t)k, 0.99);
	free(rtt);
	bench_resign(a.amb);
	bench_resign(b.amb);
}

/* A updates TP_INSTANCES instances of `cls` round-robin (instance
 * packing) for `secs`, staying within TP_WINDOW of what B reflected (or
 * waiting at most 10 ms: best effort may never come); *rate reflections
 * per second, *frac of the updates sent. */
static void
throughput(const struct bench_rtiexec *r, const char *cls, double secs,
    double *rate, double *frac)
{
	struct befed a, b;
	struct loop_ctl s;
	struct rti_attribute_value v[TP_ATTRS];
	rti_object_instance_handle *objs = calloc(TP_INSTANCES, sizeof *objs);
	pthread_t th;
	size_t sent = 0, i, got, prev;
	double end, quiet;

	if (!objs)
		bench_die(NULL, "calloc", RTI_ERR_NO_MEMORY);
	setup(&a, r, cls, 1, 0);
	setup(&b, r, cls, 0, 1);
	/* B evokes from here on: registering takes a round trip each,
	 * which under loss adds up to more than the heartbeat timeout of
	 * a federate that would make no call meanwhile */
	s.f = &b;
	atomic_init(&s.stop, 0);
	pthread_create(&th, NULL, evoke_loop, &s);
	for (i = 0; i < TP_INSTANCES; i++)
		BENCH_CHECK(a.amb, rti_register_object_instance(a.amb, a.cls,
		    &objs[i]));
	for (quiet = bench_now() + 60; atomic_load(&b.discovered) <
	    TP_INSTANCES; usleep(1000))
		if (bench_now() > quiet)
			bench_die(b.amb, "waiting for discovery",
			    RTI_ERR_INTERNAL_ERROR);
	for (i = 0; i < TP_ATTRS; i++) {
		v[i].attribute = a.attrs[i];
		v[i].value = a.data[i];
		v[i].length = 8;
	}
	end = bench_now() + secs;
	while (bench_now() < end) {
		double w = bench_now() + 0.01;

		for (i = 0; i < 1000; i++, sent++)
			BENCH_CHECK(a.amb, rti_update_attribute_values(a.amb,
			    objs[sent % TP_INSTANCES], v, TP_ATTRS, NULL, 0));
		while (sent - atomic_load(&b.reflected) > TP_WINDOW &&
		    bench_now() < w) {
			rti_evoke_callbacks(a.amb, 0, 0, NULL);
			usleep(20);
		}
	}
	BENCH_CHECK(a.amb, rti_flush_updates(a.amb));
	/* until all came or nothing more for 0.5 s */
	for (prev = 0, quiet = bench_now() + 0.5; bench_now() < quiet &&
	    (got = atomic_load(&b.reflected)) < sent;) {
		if (got != prev)
			quiet = bench_now() + 0.5;
		prev = got;
		rti_evoke_callbacks(a.amb, 0.01, 0.01, NULL);
	}
	atomic_store(&s.stop, 1);
	pthread_join(th, NULL);
	got = atomic_load(&b.reflected);
	*rate = got > 1 ? (double)got / (b.last - b.first) : 0;
	*frac = sent ? (double)got / (double)sent : 0;
	free(objs);
	bench_resign(a.amb);
	bench_resign(b.amb);
}

int
bench_mode_besteffort(struct bench_ctx *c)
{
	static const char *const cls[2] = { "Sample", "SampleBE" };
	static const char *const name[2] = { "reliable", "best_effort" };
	struct bench_rtiexec r;
	double p50[2], p99[2], rate[2], frac[2];
	long lost[2];
	int k;

	if (bench_baseline(c) < 0 || bench_rtiexec_start(&r, c) < 0)
		return -1;
	for (k = 0; k < 2; k++) {
		round_trip(&r, cls[k], c->lat_warmup, c->lat_count, &p50[k],
		    &p99[k], &lost[k]);
		printf("RESULT mode=besteffort %s variant=latency "
		    "transportation=%s p50_us=%.1f p99_us=%.1f lost=%ld "
		    "ratio_p50=%.2f ratio_to_reliable_p50=%.2f\n",
		    bench_tags(c), name[k], p50[k], p99[k], lost[k],
		    p50[k] / c->base.lat_p50_us, p50[k] / p50[0]);
		fflush(stdout);
	}
	for (k = 0; k < 2; k++) {
		throughput(&r, cls[k], c->tp_seconds, &rate[k], &frac[k]);
		printf("RESULT mode=besteffort %s variant=throughput "
		    "transportation=%s updates_per_s=%.0f delivered=%.4f "
		    "ratio_frames=%.3f ratio_to_reliable=%.3f\n",
		    bench_tags(c), name[k], rate[k], frac[k],
		    rate[k] / c->base.frames_per_s,
		    rate[0] > 0 ? rate[k] / rate[0] : 0);
		fflush(stdout);
	}
	bench_rtiexec_stop(&r);
	return 0;
}
