/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mom_codec.h - the HLA encodings of the
 * MOM's values (IEEE 1516.2-2010 4.13, by the MIM's datatypes; rti-mom(7)
 * ENCODINGS) and the decoding of a MOM interaction's parameters.  Errors
 * of the encoders surface as b->oom.
 */
#ifndef RTI_MOM_CODEC_H
#define RTI_MOM_CODEC_H

#include <stddef.h>
#include <stdint.h>

#include "wire.h"

/* Zeros up to a multiple of `boundary` from offset `start` of `b`. */
void mom_enc_pad(struct wire_buf *b, size_t start, size_t boundary);
/* HLAunicodeString of UTF-8 `s` (ill-formed sequences: U+FFFD). */
void mom_enc_str(struct wire_buf *b, const char *s);
/* The same of the `n` octets at `s` (a NUL among them is U+0000). */
void mom_enc_strn(struct wire_buf *b, const char *s, size_t n);
/* HLAhandle: the four octets of `h`, big-endian. */
void mom_enc_handle(struct wire_buf *b, uint32_t h);
/* HLAlogicalTime / HLAtimeInterval: eight octets, none when !has. */
void mom_enc_time(struct wire_buf *b, int has, uint64_t t);
/* HLAvariableArray of HLAunicodeString v[0..n), the value starting at
 * offset `start` of `b`. */
void mom_enc_str_list(struct wire_buf *b, size_t start, char *const *v,
    uint32_t n);

/* The value of parameter `p` (not 0) in the block `params[0..len)`
 * ("u32 n, n x (u32 param, u32 len, bytes)", any bytes: a block cut short
 * ends the search), its length in *vlen; NULL when absent. */
const uint8_t *mom_param_find(const uint8_t *params, size_t len, uint32_t p,
    uint32_t *vlen);
/* An HLAhandle of four octets: 0 and *h, else -1. */
int mom_dec_handle(const uint8_t *v, uint32_t len, uint32_t *h);
/* A value represented as HLAinteger32BE: 0 and *x, else -1. */
int mom_dec_i32(const uint8_t *v, uint32_t len, int32_t *x);

/* A WIRE_MOM_STATS payload (rti-protocol(7)): 0 and *out, or -1 when
 * `p[0..n)` is not one (its length, a flag not 0 or 1, a list whose
 * classes are not ascending from 1 or whose counts are 0).  inst[k]
 * (k 0: instances updated, 1: reflected) is the total and its list of
 * n (class, count) pairs, `pairs` pointing into `p` (8 octets each, two
 * big-endian u32). */
struct mom_inst_counts {
	uint32_t total, n;
	const uint8_t *pairs;
};
struct mom_stats {
	uint32_t granted_ms, advancing_ms, ro, deleted, removed;
	int async;
	struct mom_inst_counts inst[2];
};
/* Pair `i` of `c`. */
void mom_inst_pair(const struct mom_inst_counts *c, uint32_t i,
    uint32_t *cls, uint32_t *count);
int mom_stats_parse(const uint8_t *p, size_t n, struct mom_stats *out);

/* A WIRE_SERVICE_REPORT payload (rti-protocol(7)): success 0 or 1, a
 * service of 1 to MOM_SVC_MAX_NAME octets, at most MOM_SVC_MAX_ARGS
 * arguments and an exception of at most MOM_SVC_MAX_TEXT octets each;
 * the strings point into the payload. */
#define MOM_SVC_MAX_ARGS 16
#define MOM_SVC_MAX_NAME 128
#define MOM_SVC_MAX_TEXT 512
struct mom_svc {
	int success;
	const char *service;
	uint32_t n;
	const char *args[MOM_SVC_MAX_ARGS];
	const char *exception;
};
/* 0 and *out, or -1 when `p[0..n)` is not such a payload. */
int mom_svc_parse(const uint8_t *p, size_t n, struct mom_svc *out);

#endif
