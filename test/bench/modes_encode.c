/* SPDX-License-Identifier: Apache-2.0 */
/*
 * modes_encode.c - rtibench's encode mode: the rates of librti's typed
 * values (librti-values(3)) on Grid.xml's BayMeasurement (a substation
 * bay's three-phase sample, 68 octets) and on a BayMeasurementList of 100
 * of them, next to a plain memcpy of the same bytes.  No traffic: one
 * federate joins (the codec works on the joined FOM) and runs the codec
 * in a loop.  For each value and path one line
 *   RESULT mode=encode <tags> value=record|list100 bytes=N op=OP
 *       via=tree|json|memcpy values_per_s=V mb_per_s=M ratio_to_memcpy=R
 * where OP is decode (bytes -> tree, or bytes -> JSON text) or encode
 * (tree -> bytes, or JSON text -> bytes), M counts the value's encoded
 * bytes, and R is M over the memcpy rate of the same bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "fed.h"

#define GRID_FOM TOP_SRCDIR "/data/fom/Grid.xml"

#define SAMPLE "{\"Time\":12.34,\"Voltage\":[107.9,108.2,108.05],"     \
    "\"Current\":[212.5,210.75,214.0],\"Frequency\":49.98,"           \
    "\"Breaker\":\"Closed\"}"

/* Keeps the compiler from dropping a copy nobody reads. */
static void
bench_sink(void *p)
{
	__asm__ __volatile__("" : : "r"(p) : "memory");
}

struct enc_run {
	rti_ambassador *amb;
	rti_datatype_handle dt;
	const uint8_t *bytes;
	size_t len;
	const char *json;
	rti_value *tree;
	uint8_t *out;
	size_t cap;
};

enum enc_op { OP_MEMCPY, OP_TREE_DECODE, OP_TREE_ENCODE, OP_JSON_DECODE,
	OP_JSON_ENCODE };

static void
enc_once(struct enc_run *r, enum enc_op op)
{
	rti_value *v;
	char *j;
	size_t n;

	switch (op) {
	case OP_MEMCPY:
		memcpy(r->out, r->bytes, r->len);
		bench_sink(r->out);
		break;
	case OP_TREE_DECODE:
		BENCH_CHECK(r->amb, rti_decode_value(r->amb, r->dt, r->bytes,
		    r->len, &v));
		rti_value_free(v);
		break;
	case OP_TREE_ENCODE:
		BENCH_CHECK(r->amb, rti_encode_value(r->amb, r->dt, r->tree,
		    r->out, r->cap, &n));
		bench_sink(r->out);
		break;
	case OP_JSON_DECODE:
		BENCH_CHECK(r->amb, rti_decode_json(r->amb, r->dt, r->bytes,
		    r->len, &j));
		rti_free(j);
		break;
	case OP_JSON_ENCODE:
		BENCH_CHECK(r->amb, rti_encode_json(r->amb, r->dt, r->json,
		    r->out, r->cap, &n));
		bench_sink(r->out);
		break;
	}
}

/* Values per second of `op` over about `secs` seconds. */
static double
enc_rate(struct enc_run *r, enum enc_op op, double secs)
{
	double t0 = bench_now(), t;
	long n = 0, batch = 16;

	for (;;) {
		long i;
		for (i = 0; i < batch; i++)
			enc_once(r, op);
		n += batch;
		t = bench_now() - t0;
		if (t >= secs)
			return (double)n / t;
		if (t < secs / 20)
			batch *= 2;
	}
}

static void
enc_report(const struct bench_ctx *c, const char *value, size_t len,
    const char *op, const char *via, double vps, double memcpy_vps)
{
	printf("RESULT mode=encode %s value=%s bytes=%zu op=%s via=%s "
	    "values_per_s=%.0f mb_per_s=%.1f ratio_to_memcpy=%.4f\n",
	    bench_tags(c), value, len, op, via, vps, vps * (double)len / 1e6,
	    vps / memcpy_vps);
}

static void
enc_value(const struct bench_ctx *c, struct enc_run *r, const char *value)
{
	static const struct {
		enum enc_op op;
		const char *name, *via;
	} ops[] = {
		{ OP_TREE_DECODE, "decode", "tree" },
		{ OP_TREE_ENCODE, "encode", "tree" },
		{ OP_JSON_DECODE, "decode", "json" },
		{ OP_JSON_ENCODE, "encode", "json" },
	};
	double secs = c->quick ? 0.05 : 0.5, mc;
	size_t i;

	BENCH_CHECK(r->amb, rti_decode_value(r->amb, r->dt, r->bytes, r->len,
	    &r->tree));
	mc = enc_rate(r, OP_MEMCPY, secs);
	enc_report(c, value, r->len, "copy", "memcpy", mc, mc);
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		enc_report(c, value, r->len, ops[i].name, ops[i].via,
		    enc_rate(r, ops[i].op, secs), mc);
	rti_value_free(r->tree);
	r->tree = NULL;
}

int
bench_mode_encode(struct bench_ctx *c)
{
	struct bench_rtiexec rx;
	struct enc_run r;
	rti_datatype_handle rec, list;
	uint8_t one[68], *many;
	char *json;
	size_t len, i, o, cap = 100 * 72 + 8;

	if (bench_rtiexec_start(&rx, c) < 0)
		return -1;
	memset(&r, 0, sizeof(r));
	r.amb = bench_join(&rx, "encode", "encoder", NULL, NULL, GRID_FOM);
	BENCH_CHECK(r.amb, rti_get_datatype_handle(r.amb, "BayMeasurement",
	    &rec));
	BENCH_CHECK(r.amb, rti_get_datatype_handle(r.amb,
	    "BayMeasurementList", &list));
	if ((json = malloc(100 * (sizeof(SAMPLE) + 1) + 3)) == NULL ||
	    (many = malloc(cap)) == NULL || (r.out = malloc(cap)) == NULL) {
		fprintf(stderr, "rtibench: out of memory\n");
		exit(1);
	}
	r.cap = cap;

	/* one record */
	BENCH_CHECK(r.amb, rti_encode_json(r.amb, rec, SAMPLE, one,
	    sizeof(one), &len));
	r.dt = rec;
	r.bytes = one;
	r.len = len;
	r.json = SAMPLE;
	enc_value(c, &r, "record");

	/* a list of 100 */
	o = 0;
	json[o++] = '[';
	for (i = 0; i < 100; i++) {
		memcpy(json + o, SAMPLE, sizeof(SAMPLE) - 1);
		o += sizeof(SAMPLE) - 1;
		json[o++] = i < 99 ? ',' : ']';
	}
	json[o] = '\0';
	BENCH_CHECK(r.amb, rti_encode_json(r.amb, list, json, many, cap,
	    &len));
	r.dt = list;
	r.bytes = many;
	r.len = len;
	r.json = json;
	enc_value(c, &r, "list100");

	free(json);
	free(many);
	free(r.out);
	bench_resign(r.amb);
	bench_rtiexec_stop(&rx);
	return 0;
}
