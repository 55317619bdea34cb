/* SPDX-License-Identifier: Apache-2.0 */
/*
 * modes_om.c - rtibench modes over object management: latency (round
 * trip of an update) and throughput (reflections per second for each
 * packing mode).  For profiling one case, RTIBENCH_PACKING=attribute|
 * instance|class runs only that packing mode of throughput.
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

struct bfed {
	rti_ambassador *amb;
	rti_object_class_handle cls;
	rti_attribute_handle attrs[N_ATTRS];
	rti_object_instance_handle own;
	atomic_size_t discovered;
	atomic_size_t reflected;
	double first, last;     /* throughput: times of the first and of the
	                           n_last-th reflection */
	size_t n_last;
	atomic_size_t target;   /* reflections expected, once known */
	int echo;               /* latency: answer each reflection */
	volatile int got;
	uint8_t data[N_ATTRS][8];
};

static void
on_discover(void *arg, rti_object_instance_handle obj,
    rti_object_class_handle cls, const char *name, rti_federate_handle p)
{
	struct bfed *f = arg;

	(void)obj;
	(void)cls;
	(void)name;
	(void)p;
	atomic_fetch_add(&f->discovered, 1);
}

static void
update_own(struct bfed *f, size_t n_attrs)
{
	struct rti_attribute_value v[N_ATTRS];
	size_t i;

	for (i = 0; i < n_attrs; i++) {
		v[i].attribute = f->attrs[i];
		v[i].value = f->data[i];
		v[i].length = 8;
	}
	BENCH_CHECK(f->amb, rti_update_attribute_values(f->amb, f->own, v,
	    n_attrs, NULL, 0));
}

static void
on_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *values, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct bfed *f = arg;
	size_t k;

	(void)obj;
	(void)values;
	(void)n;
	(void)tag;
	(void)tag_len;
	(void)info;
	if (f->echo) {
		update_own(f, N_ATTRS);
		return;
	}
	/* The clock is read every 64 reflections and at the expected last
	 * one, not at each: a clock read costs as much as a reflection. */
	k = atomic_fetch_add(&f->reflected, 1) + 1;
	if (k == 1)
		f->first = bench_now();
	if (k == 1 || (k & 63) == 0 || k == atomic_load(&f->target)) {
		f->last = bench_now();
		f->n_last = k;
	}
	f->got = 1;
}

/* Class bundles arrive whole (the reflect_class_bundle fast path of
 * librti-object(3)): count the instances. */
static void
on_bundle(void *arg, rti_object_class_handle cls,
    const struct rti_bundle_instance *in, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct bfed *f = arg;
	double t = bench_now();

	(void)cls;
	(void)in;
	(void)tag;
	(void)tag_len;
	(void)info;
	if (atomic_load(&f->reflected) == 0)
		f->first = t;
	f->n_last = atomic_fetch_add(&f->reflected, n) + n;
	f->last = t;
}

static void
setup_fed_cb(struct bfed *f, const struct bench_rtiexec *r, const char *fx,
    const char *name, int publish, int subscribe, int bundles)
{
	struct rti_callbacks cb;
	char an[4];
	int i;

	memset(&cb, 0, sizeof cb);
	cb.discover_object_instance = on_discover;
	cb.reflect_attribute_values = on_reflect;
	if (bundles)
		cb.reflect_class_bundle = on_bundle;
	f->amb = bench_join(r, fx, name, &cb, f, NULL);
	BENCH_CHECK(f->amb, rti_get_object_class_handle(f->amb, "Sample",
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
}

static void
setup_fed(struct bfed *f, const struct bench_rtiexec *r, const char *fx,
    const char *name, int publish, int subscribe)
{
	setup_fed_cb(f, r, fx, name, publish, subscribe, 0);
}

static void
wait_discovered(struct bfed *f, size_t n)
{
	double deadline = bench_now() + 60;

	while (atomic_load(&f->discovered) < n) {
		if (bench_now() > deadline)
			bench_die(f->amb, "waiting for discovery",
			    RTI_ERR_INTERNAL_ERROR);
		rti_evoke_callbacks(f->amb, 0.01, 0.1, NULL);
	}
}

/* ---- latency ---- */

struct echo_ctl {
	struct bfed *f;
	atomic_int stop;
};

static void *
echo_loop(void *p)
{
	struct echo_ctl *e = p;

	while (!atomic_load(&e->stop))
		rti_evoke_callbacks(e->f->amb, 0.0, 0.05, NULL);
	return NULL;
}

int
bench_round_trip(const struct bench_rtiexec *r, const char *fx,
    long warmup, long count, double *p50, double *p99)
{
	struct bfed a, b;
	struct echo_ctl e;
	pthread_t th;
	long i, n = warmup + count;
	double *rtt;

	rtt = malloc(sizeof *rtt * (size_t)count);
	if (!rtt)
		return -1;
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	setup_fed(&a, r, fx, NULL, 1, 1);
	setup_fed(&b, r, fx, NULL, 1, 1);
	BENCH_CHECK(a.amb, rti_register_object_instance(a.amb, a.cls,
	    &a.own));
	BENCH_CHECK(b.amb, rti_register_object_instance(b.amb, b.cls,
	    &b.own));
	wait_discovered(&a, 1);
	wait_discovered(&b, 1);
	b.echo = 1;
	e.f = &b;
	atomic_init(&e.stop, 0);
	pthread_create(&th, NULL, echo_loop, &e);
	for (i = 0; i < n; i++) {
		double t0 = bench_now(), deadline = t0 + 10;

		a.got = 0;
		update_own(&a, N_ATTRS);
		while (!a.got) {
			if (rti_evoke_callback(a.amb, 1.0, NULL) != RTI_OK ||
			    bench_now() > deadline)
				bench_die(a.amb, "latency round trip",
				    RTI_ERR_INTERNAL_ERROR);
		}
		if (i >= warmup)
			rtt[i - warmup] = (bench_now() - t0) * 1e6;
	}
	atomic_store(&e.stop, 1);
	pthread_join(th, NULL);
	*p50 = bench_quantile(rtt, (size_t)count, 0.50);
	*p99 = bench_quantile(rtt, (size_t)count, 0.99);
	free(rtt);
	bench_resign(a.amb);
	bench_resign(b.amb);
	return 0;
}

int
bench_mode_latency(struct bench_ctx *c)
{
	struct bench_rtiexec r;
	double p50, p99;

	if (bench_baseline(c) < 0 || bench_rtiexec_start(&r, c) < 0)
		return -1;
	if (bench_round_trip(&r, "latency", c->lat_warmup, c->lat_count,
	    &p50, &p99) < 0) {
		bench_rtiexec_stop(&r);
		return -1;
	}
	printf("RESULT mode=latency %s p50_us=%.1f p99_us=%.1f "
	    "ratio_p50=%.2f ratio_p99=%.2f baseline_p50_us=%.1f "
	    "baseline_p99_us=%.1f\n", bench_tags(c), p50,
	    p99, p50 / c->base.lat_p50_us, p99 / c->base.lat_p99_us,
	    c->base.lat_p50_us, c->base.lat_p99_us);
	fflush(stdout);
	bench_rtiexec_stop(&r);
	return 0;
}

/* ---- throughput ---- */

#define TP_INSTANCES 1000
#define TP_ATTRS 4
/* Reflections A may run ahead of B: in class packing 1.5 MB on the wire,
 * about 20 bundles of 64 KiB, enough to keep every hop busy and little
 * enough to stay in cache (a window of 200,000 left 15 MB queued in
 * rtiexec's socket, read back cold: 25 % more CPU per update). */
#define TP_WINDOW 20000

struct sink_ctl {
	struct bfed *f;
	atomic_int stop;
};

static void *
sink_loop(void *p)
{
	struct sink_ctl *s = p;

	pthread_setname_np(pthread_self(), "rtibench-sub");
	/* Wait in poll for data, not spin on recv: on a 2-core machine a
	 * spinning sink takes the CPU the sender and rtiexec need. */
	while (!atomic_load(&s->stop))
		rti_evoke_callbacks(s->f->amb, 0.01, 0.01, NULL);
	return NULL;
}

int
bench_mode_throughput(struct bench_ctx *c)
{
	static const char *const names[] = { "attribute", "instance",
		"class" };
	static const enum rti_packing packs[] = { RTI_PACKING_ATTRIBUTE,
		RTI_PACKING_INSTANCE, RTI_PACKING_CLASS };
	struct bench_rtiexec r;
	struct bfed a, b0, cb, *b;
	rti_object_instance_handle *objs;
	struct rti_bundle_instance *bi;
	struct rti_attribute_value v[TP_ATTRS];
	const char *only = getenv("RTIBENCH_PACKING");
	size_t k, i;

	if (bench_baseline(c) < 0 || bench_rtiexec_start(&r, c) < 0)
		return -1;
	memset(&a, 0, sizeof a);
	memset(&b0, 0, sizeof b0);
	memset(&cb, 0, sizeof cb);
	setup_fed(&a, &r, "throughput", NULL, 1, 0);
	setup_fed(&b0, &r, "throughput", NULL, 0, 1);
	objs = calloc(TP_INSTANCES, sizeof *objs);
	bi = calloc(TP_INSTANCES, sizeof *bi);
	if (!objs || !bi)
		return -1;
	for (i = 0; i < TP_INSTANCES; i++)
		BENCH_CHECK(a.amb, rti_register_object_instance(a.amb, a.cls,
		    &objs[i]));
	wait_discovered(&b0, TP_INSTANCES);
	for (i = 0; i < TP_ATTRS; i++) {
		v[i].attribute = a.attrs[i];
		v[i].value = a.data[i];
		v[i].length = 8;
	}
	for (i = 0; i < TP_INSTANCES; i++) {
		bi[i].object = objs[i];
		bi[i].values = v;
		bi[i].n_values = TP_ATTRS;
	}
	for (k = 0; k < 3; k++) {
		struct sink_ctl s;
		pthread_t th;
		size_t sent = 0, per_update = packs[k] == RTI_PACKING_ATTRIBUTE
		    ? TP_ATTRS : 1;
		double end, deadline, rate, cpu0;

		if (only && strcmp(only, names[k]) != 0)
			continue;
		/* Class bundles of up to 64 KiB: one frame per step of a
		 * few hundred instances, not one huge frame per window. */
		BENCH_CHECK(a.amb, rti_set_update_packing(a.amb, packs[k],
		    65536));
		b = &b0;
		if (packs[k] == RTI_PACKING_CLASS) {
			/* Class bundles: rti_update_class_attribute_values
			 * out, reflect_class_bundle in (another federate:
			 * callbacks are set at connect). */
			BENCH_CHECK(b0.amb, rti_unsubscribe_object_class(
			    b0.amb, b0.cls));
			setup_fed_cb(&cb, &r, "throughput", NULL, 0, 1, 1);
			wait_discovered(&cb, TP_INSTANCES);
			b = &cb;
		}
		atomic_store(&b->reflected, 0);
		b->first = b->last = 0;
		b->n_last = 0;
		atomic_store(&b->target, (size_t)-1);
		s.f = b;
		atomic_init(&s.stop, 0);
		pthread_create(&th, NULL, sink_loop, &s);
		cpu0 = bench_cpu_s(&r);
		end = bench_now() + c->tp_seconds;
		while (bench_now() < end) {
			if (packs[k] == RTI_PACKING_CLASS) {
				BENCH_CHECK(a.amb,
				    rti_update_class_attribute_values(a.amb,
				    a.cls, bi, TP_INSTANCES, NULL, 0));
				sent += TP_INSTANCES;
			} else for (i = 0; i < 1000; i++) {
				BENCH_CHECK(a.amb, rti_update_attribute_values(
				    a.amb, objs[sent % TP_INSTANCES], v,
				    TP_ATTRS, NULL, 0));
				sent++;
			}
			/* Stay within a window of what B has reflected.  A
			 * gets no callbacks: it writes out what it has (an
			 * evoke that does not wait) and looks again 20 us
			 * later. */
			while (sent * per_update -
			    atomic_load(&b->reflected) > TP_WINDOW) {
				rti_evoke_callbacks(a.amb, 0, 0, NULL);
				usleep(20);
			}
		}
		atomic_store(&b->target, sent * per_update);
		BENCH_CHECK(a.amb, rti_flush_updates(a.amb));
		rti_evoke_callbacks(a.amb, 0.0, 0.0, NULL);
		deadline = bench_now() + 30;
		while (atomic_load(&b->reflected) < sent * per_update &&
		    bench_now() < deadline)
			rti_evoke_callbacks(a.amb, 0.001, 0.01, NULL);
		cpu0 = bench_cpu_s(&r) - cpu0;
		atomic_store(&s.stop, 1);
		pthread_join(th, NULL);
		if (atomic_load(&b->reflected) < sent * per_update) {
			fprintf(stderr, "rtibench: throughput %s: %zu of %zu "
			    "reflections arrived\n", names[k],
			    (size_t)atomic_load(&b->reflected),
			    sent * per_update);
			return -1;
		}
		/* Reflections of instances (attribute mode: one per value). */
		rate = (double)(b->n_last / per_update) /
		    (b->last - b->first);
		printf("RESULT mode=throughput %s packing=%s "
		    "updates_per_s=%.0f mb_per_s=%.1f ratio_frames=%.3f "
		    "ratio_mb=%.3f cpu_ns_per_update=%.0f "
		    "baseline_frames_per_s=%.0f baseline_mb_per_s=%.1f\n",
		    bench_tags(c), names[k], rate,
		    rate * TP_ATTRS * 8 / 1e6,
		    rate / c->base.frames_per_s,
		    rate * TP_ATTRS * 8 / 1e6 / c->base.mb_per_s,
		    cpu0 / (double)sent * 1e9,
		    c->base.frames_per_s, c->base.mb_per_s);
		fflush(stdout);
	}
	free(objs);
	free(bi);
	bench_resign(a.amb);
	bench_resign(b0.amb);
	bench_resign(cb.amb);
	bench_rtiexec_stop(&r);
	return 0;
}
