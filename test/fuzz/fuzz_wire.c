/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_wire.c - libFuzzer target for the wire codec (proto/wire.h).
 *
 * Each input is used twice:
 * 1. As a byte stream the way rtiexec's and librti's read loops see it:
 *    wire_frame_peek splits it into frames and each payload is decoded
 *    with the field layout that the message's handler reads (the layout
 *    comments of wire.h, transcribed into `layouts` below); the OM header
 *    goes through the codec both sides use, bundle_hdr_get.
 * 2. As a reader program: byte 0 is a count k, bytes 1..k are opcodes
 *    that each run one wire_get_* reader over the remaining bytes.
 * Invariants checked: a reader never leaves its payload; an error is
 * sticky and later gets return zero/NULL without moving; strings and
 * blobs lie inside the payload within their maximum; a count never
 * promises more items than bytes left; every field read successfully
 * re-encodes with the matching wire_put_* to exactly the bytes it came
 * from (so a fully decoded frame re-encodes to itself).
 */
#include <stdint.h>
#include <string.h>

#include "bundle.h"
#include "fuzz.h"
#include "wire.h"

#define FUZZ_MAX_FRAME (1u << 20)

/*
 * Field layout letters:
 *   1 2 4 8  u8 u16 u32 u64          d  f64
 *   s        str, max WIRE_MAX_NAME  m  str, max 4096 (messages, modules)
 *   t        blob, max WIRE_MAX_TAG  k  blob, max WIRE_MAX_AUTH_KEY
 *   x        blob, any length        *  the rest, raw (reply results)
 *   [..]     u32 count (wire_get_count), then count x the group
 *   H        OM header: u8 flags, [u64 time, u32 retraction when
 *            WIRE_OMF_TIMESTAMP], blob tag, str condition (bundle.h's
 *            bundle_hdr_get, checked against those fields)
 *   L        the rest: an update-bundle class layer (bundle_parse)
 * Requests start with their u32 serial; one-way OM messages do not.
 */
struct layout {
	uint16_t type;
	const char *spec;
};

static const struct layout layouts[] = {
	{ WIRE_HELLO, "42k" },
	{ WIRE_HELLO_ACK, "424" },
	{ WIRE_HELLO_NAK, "4m" },
	{ WIRE_REPLY, "44m*" },
	{ WIRE_NOTICE, "4m" },
	{ WIRE_PING, "4" },
	{ WIRE_CB_DGRAM_OFFER, "8221" },
	{ WIRE_CB_MC_JOIN, "18421" },
	{ WIRE_MC_JOINED, "81" },
	{ WIRE_CREATE, "4ss[mx]" },
	{ WIRE_DESTROY, "4s" },
	{ WIRE_LIST, "4" },
	{ WIRE_JOIN, "4sss" },
	{ WIRE_RESIGN, "44" },
	{ WIRE_SET_RESIGN_ACTION, "44" },
	{ WIRE_SYNC_REGISTER, "4st[4]" },
	{ WIRE_SYNC_ACHIEVED, "4s1" },
	{ WIRE_GET_FEDERATE_HANDLE, "4s" },
	{ WIRE_GET_FEDERATE_NAME, "44" },
	{ WIRE_JOIN_WITH_MODULES, "4sss[mx]" },
	{ WIRE_CB_LIST_REPORT, "[ss4]" },
	{ WIRE_CB_SYNC_REG_OK, "s" },
	{ WIRE_CB_SYNC_REG_FAIL, "s4" },
	{ WIRE_CB_SYNC_ANNOUNCE, "st" },
	{ WIRE_CB_SYNCHRONIZED, "s[4]" },
	{ WIRE_CB_FOM_MODULES, "4[mx]" },
	{ WIRE_DM_PUBLISH_OC, "44[4]" },
	{ WIRE_DM_UNPUBLISH_OC, "44[4]" },
	{ WIRE_DM_SUBSCRIBE_OC, "441[4]" },
	{ WIRE_DM_UNSUBSCRIBE_OC, "44[4]" },
	{ WIRE_DM_PUBLISH_IC, "44" },
	{ WIRE_DM_UNPUBLISH_IC, "44" },
	{ WIRE_DM_SUBSCRIBE_IC, "441" },
	{ WIRE_DM_UNSUBSCRIBE_IC, "44" },
	{ WIRE_DM_SET_SWITCH, "411" },
	{ WIRE_CB_START_REGISTRATION, "4" },
	{ WIRE_CB_STOP_REGISTRATION, "4" },
	{ WIRE_CB_INTERACTIONS_ON, "4" },
	{ WIRE_CB_INTERACTIONS_OFF, "4" },
	{ WIRE_OM_RESERVE_NAMES, "1[s]" },
	{ WIRE_OM_RELEASE_NAMES, "4[s]" },
	{ WIRE_OM_REGISTER, "44s" },
	{ WIRE_OM_REGISTER_COND, "44ss" },
	{ WIRE_OM_UPDATE, "HL" },
	{ WIRE_OM_INTERACTION, "H4[4x]" },
	{ WIRE_OM_DELETE, "H4" },
	{ WIRE_OM_LOCAL_DELETE, "4" },
	{ WIRE_OM_REQUEST_UPDATE, "44t[4]" },
	{ WIRE_OM_REQUEST_CLASS_UPDATE, "44t[4]" },
	{ WIRE_CB_NAMES_RESERVED, "11[s]" },
	{ WIRE_CB_DISCOVER, "444s4" },
	{ WIRE_CB_REFLECT, "4HL" },
	{ WIRE_CB_INTERACTION, "4H4[4x]" },
	{ WIRE_CB_REMOVE, "4H4" },
	{ WIRE_CB_PROVIDE_UPDATE, "4t[4]" },
	{ WIRE_CB_UPDATES_ON, "4[4]" },
	{ WIRE_CB_UPDATES_OFF, "4[4]" },
	{ WIRE_TM_ENABLE_REGULATION, "48" },
	{ WIRE_TM_DISABLE_REGULATION, "4" },
	{ WIRE_TM_ENABLE_CONSTRAINED, "4" },
	{ WIRE_TM_DISABLE_CONSTRAINED, "4" },
	{ WIRE_TM_ADVANCE, "418" },
	{ WIRE_TM_MODIFY_LOOKAHEAD, "48" },
	{ WIRE_TM_QUERY_GALT, "4" },
	{ WIRE_TM_QUERY_LITS, "4" },
	{ WIRE_TM_CB_REGULATION_ENABLED, "8" },
	{ WIRE_TM_CB_CONSTRAINED_ENABLED, "8" },
	{ WIRE_TM_CB_GRANT, "18" },
	{ WIRE_TM_CB_RELEASE, "" },
	{ WIRE_TM_RETRACT, "448" },
	{ WIRE_TM_CB_RETRACT, "44" },
	{ WIRE_OWM_DIVEST, "44t[4]" },
	{ WIRE_OWM_NEGOTIATE, "44t[4]" },
	{ WIRE_OWM_CONFIRM, "44t[4]" },
	{ WIRE_OWM_ACQUIRE, "44t[4]" },
	{ WIRE_OWM_ACQUIRE_IF, "44t[4]" },
	{ WIRE_OWM_DENY, "44t[4]" },
	{ WIRE_OWM_IF_WANTED, "44t[4]" },
	{ WIRE_OWM_CANCEL_DIVEST, "44t[4]" },
	{ WIRE_OWM_CANCEL_ACQUIRE, "44t[4]" },
	{ WIRE_OWM_QUERY, "444" },
	{ WIRE_OWM_CB_ASSUME, "4t[4]" },
	{ WIRE_OWM_CB_CONFIRM, "4t[4]" },
	{ WIRE_OWM_CB_ACQUIRED, "4t[4]" },
	{ WIRE_OWM_CB_UNAVAILABLE, "4t[4]" },
	{ WIRE_OWM_CB_RELEASE, "4t[4]" },
	{ WIRE_OWM_CB_CANCELLED, "4t[4]" },
	{ WIRE_OWM_CB_INFORM, "444" },
	{ WIRE_DDM_REGION_SET, "44[488]" },
	{ WIRE_DDM_REGION_DELETE, "44" },
	{ WIRE_DDM_SUBSCRIBE, "4141[4][4]" },
	{ WIRE_DDM_UNSUBSCRIBE, "414[4]" },
	{ WIRE_DDM_CONDITION, "4141s" },
	{ WIRE_DDM_CONDITIONS_SET, "414[s]" },
	{ WIRE_DDM_INSTANCE, "441s[4[4]]" },
	{ WIRE_DDM_INTERACTION, "[4]H4[4x]" },
	{ WIRE_DDM_STATS, "4" },
	{ WIRE_DDM_CB_SUBS, "4[41411[4][s][[488][4]]]" },
	{ WIRE_DDM_CB_FED_GONE, "4" },
	{ WIRE_DDM_CB_INSTANCE_CONDITION, "4s" },
	{ WIRE_CB_RESTORE_OM, "1[444s[4]]" },
	{ WIRE_CB_RESTORE_DDM, "4[4[488]][4[4[4]]][14[4]]" },
	{ WIRE_CB_RESTORE_OWM, "[44]" },
};

static const char *
layout_of(uint16_t type)
{
	size_t i;

	for (i = 0; i < sizeof layouts / sizeof layouts[0]; i++)
		if (layouts[i].type == type)
			return layouts[i].spec;
	return NULL;
}

/* Smallest encoding of the fields of `spec` up to its end or the ']'
 * closing the current group. */
static size_t
min_size(const char *spec)
{
	size_t n = 0;
	int depth = 0;

	for (; *spec; spec++) {
		if (*spec == ']' && depth-- == 0)
			break;
		if (depth > 0 && *spec != '[')
			continue;
		switch (*spec) {
		case '1': n += 1; break;
		case '2': n += 2; break;
		case '4': n += 4; break;
		case '8': case 'd': n += 8; break;
		case 's': case 'm': n += 5; break;
		case 't': case 'k': case 'x': n += 4; break;
		case 'H': n += 1 + 4 + 5; break;
		case 'L': n += BUNDLE_CLASS_HDR; break;
		case '[':
			if (depth++ == 0)
				n += 4;
			break;
		default: break;
		}
	}
	return n;
}

/* Skip past the ']' that closes the group whose body starts at `spec`. */
static const char *
group_end(const char *spec)
{
	int depth = 0;

	for (; *spec; spec++) {
		if (*spec == '[')
			depth++;
		else if (*spec == ']' && depth-- == 0)
			return spec + 1;
	}
	return spec;
}

static void
check_str(struct wire_rd *r, uint32_t max, struct wire_buf *out)
{
	const uint8_t *before = r->p;
	const char *s = wire_get_str(r, max);
	size_t n;

	if (!s) {
		FUZZ_CHECK(r->err);
		return;
	}
	n = strlen(s);
	FUZZ_CHECK(n <= max);
	FUZZ_CHECK((const uint8_t *)s == before + 4);
	FUZZ_CHECK(r->p == before + 4 + n + 1);
	wire_put_str(out, s);
}

static void
check_blob(struct wire_rd *r, uint32_t max, struct wire_buf *out)
{
	const uint8_t *before = r->p;
	uint32_t len = 12345;
	const void *b = wire_get_blob(r, &len, max);

	if (!b) {
		FUZZ_CHECK(r->err && len == 0);
		return;
	}
	FUZZ_CHECK(len <= max);
	FUZZ_CHECK((const uint8_t *)b == before + 4);
	FUZZ_CHECK(r->p == before + 4 + len);
	wire_put_blob(out, b, len);
}

static void
check_raw(struct wire_rd *r, size_t n, struct wire_buf *out)
{
	const uint8_t *before = r->p;
	const void *p = wire_get_raw(r, n);

	if (!p) {
		FUZZ_CHECK(r->err);
		return;
	}
	FUZZ_CHECK(p == before && r->p == before + n);
	wire_put_raw(out, p, n);
}

static uint32_t
check_count(struct wire_rd *r, size_t min_item, struct wire_buf *out)
{
	uint32_t n = wire_get_count(r, min_item);

	if (r->err) {
		FUZZ_CHECK(n == 0);
		return 0;
	}
	FUZZ_CHECK((uint64_t)n * min_item <= wire_rd_left(r));
	wire_put_u32(out, n);
	return n;
}

/* The rest of `r` as an update-bundle class layer. */
static void
check_layer(struct wire_rd *r, struct wire_buf *out)
{
	struct bundle b;
	const char *why = NULL;

	if (r->err)
		return;
	bundle_init(&b);
	if (bundle_parse(&b, r->p, wire_rd_left(r), &why) == 0)
		check_raw(r, wire_rd_left(r), out);
	else
		r->err = 1;
	bundle_free(&b);
}

/* Read one field `c` from `r` and re-encode it into `out`; checks the
 * reader invariants around it. */
static void
field(struct wire_rd *r, int c, unsigned arg, struct wire_buf *out)
{
	const uint8_t *before = r->p;
	int was_err = r->err;
	uint64_t v = 0;
	double d;

	switch (c) {
	case '1': v = wire_get_u8(r); wire_put_u8(out, (uint8_t)v); break;
	case '2': v = wire_get_u16(r); wire_put_u16(out, (uint16_t)v); break;
	case '4': v = wire_get_u32(r); wire_put_u32(out, (uint32_t)v); break;
	case '8': v = wire_get_u64(r); wire_put_u64(out, v); break;
	case 'd':
		d = wire_get_f64(r);
		memcpy(&v, &d, sizeof v);
		wire_put_f64(out, d);
		break;
	case 's': check_str(r, WIRE_MAX_NAME, out); break;
	case 'm': check_str(r, 4096, out); break;
	case 'S': check_str(r, arg, out); break;
	case 't': check_blob(r, WIRE_MAX_TAG, out); break;
	case 'k': check_blob(r, WIRE_MAX_AUTH_KEY, out); break;
	case 'x': check_blob(r, UINT32_MAX, out); break;
	case 'B': check_blob(r, arg, out); break;
	case 'r': check_raw(r, arg, out); break;
	case '*': check_raw(r, wire_rd_left(r), out); break;
	case 'c': check_count(r, arg, out); break;
	case 'L': check_layer(r, out); break;
	default: break;
	}
	FUZZ_CHECK(r->p >= before && r->p <= r->end);
	FUZZ_CHECK(!was_err || r->err);
	if (was_err) {
		FUZZ_CHECK(r->p == before);
		FUZZ_CHECK(v == 0);
	}
	if (r->err)
		FUZZ_CHECK(!wire_rd_done(r));
}

/* An OM header (H) through the codec both sides use (bundle_hdr_get),
 * checked against its fields read one by one on a copy of the reader: it
 * takes exactly those bytes, and fails only when they do or a flag is
 * not defined; what it accepts bundle_hdr_put re-encodes into `out`. */
static void
check_hdr(struct wire_rd *r, struct wire_buf *out)
{
	const uint8_t *before = r->p;
	struct wire_rd f = *r;
	struct wire_buf fields;
	struct bundle_hdr h;
	uint8_t flags = 0;
	size_t off = out->len;
	int rc, ok;

	wire_buf_init(&fields);
	field(&f, '1', 0, &fields);
	if (!f.err) {
		flags = f.p[-1];
		if (flags & WIRE_OMF_TIMESTAMP) {
			field(&f, '8', 0, &fields);
			field(&f, '4', 0, &fields);
		} else if (flags & WIRE_OMF_USER_TIME) {
			field(&f, '8', 0, &fields);
		}
	}
	field(&f, 't', 0, &fields);
	field(&f, 's', 0, &fields);
	ok = !f.err && !(flags & ~(WIRE_OMF_TIMESTAMP | WIRE_OMF_USER_TIME)) &&
	    !((flags & WIRE_OMF_TIMESTAMP) && (flags & WIRE_OMF_USER_TIME));
	rc = bundle_hdr_get(r, &h);
	FUZZ_CHECK((rc == 0) == ok);
	if (rc < 0) {
		FUZZ_CHECK(r->err);
	} else {
		FUZZ_CHECK(r->p == f.p);
		FUZZ_CHECK(h.flags == flags);
		FUZZ_CHECK(h.raw == before);
		FUZZ_CHECK(h.raw_len == (size_t)(r->p - before));
		FUZZ_CHECK(bundle_hdr_put(out, &h) == off + 1 +
		    (flags & WIRE_OMF_TIMESTAMP ? 12 :
		    flags & WIRE_OMF_USER_TIME ? 8 : 0) + 4);
		FUZZ_CHECK(out->oom || (out->len - off == fields.len &&
		    memcmp(out->data + off, fields.data, fields.len) == 0));
	}
	wire_buf_free(&fields);
}

/* Decode `spec` (up to its end or the ']' closing the current group),
 * re-encoding every field into `out`. */
static void
decode(struct wire_rd *r, const char *spec, struct wire_buf *out)
{
	for (; *spec && *spec != ']' && !r->err; spec++) {
		if (*spec == '[') {
			uint32_t n, i;

			n = check_count(r, min_size(spec + 1), out);
			for (i = 0; i < n && !r->err; i++)
				decode(r, spec + 1, out);
			spec = group_end(spec + 1) - 1;
			continue;
		}
		if (*spec == 'H') {
			check_hdr(r, out);
			continue;
		}
		field(r, *spec, 0, out);
	}
}

/* The bytes consumed so far equal the re-encoding. */
static void
check_roundtrip(const struct wire_rd *r, const uint8_t *start,
    const struct wire_buf *out, size_t out_off)
{
	size_t used = (size_t)(r->p - start);

	if (r->err || out->oom)
		return;
	FUZZ_CHECK(out->len - out_off == used);
	FUZZ_CHECK(used == 0 || memcmp(out->data + out_off, start, used) == 0);
}

static void
fuzz_frames(const uint8_t *data, size_t size, struct wire_buf *out)
{
	size_t off = 0;

	while (off < size) {
		uint16_t type = 0, flags = 0, t2, f2;
		uint32_t len = 0, l2;
		const uint8_t *payload;
		const char *spec;
		struct wire_rd rd;
		size_t foff;
		int rc;

		rc = wire_frame_peek(data + off, size - off, FUZZ_MAX_FRAME,
		    &type, &flags, &len);
		if (size - off < WIRE_HEADER_SIZE) {
			FUZZ_CHECK(rc == 0);
			break;
		}
		FUZZ_CHECK(len == wire_get32(data + off));
		FUZZ_CHECK(rc == (len > FUZZ_MAX_FRAME ? -1 : 1));
		FUZZ_CHECK(wire_frame_peek(data + off, WIRE_HEADER_SIZE,
		    UINT32_MAX, &t2, &f2, &l2) == 1);
		FUZZ_CHECK(t2 == type && f2 == flags && l2 == len);
		if (rc < 0 || size - off - WIRE_HEADER_SIZE < len)
			break;
		payload = data + off + WIRE_HEADER_SIZE;
		off += WIRE_HEADER_SIZE + (size_t)len;

		spec = layout_of(type);
		if (!spec)
			spec = "*";
		wire_buf_reset(out);
		foff = wire_frame_begin(out, type);
		wire_rd_init(&rd, payload, len);
		FUZZ_CHECK(wire_rd_left(&rd) == len);
		decode(&rd, spec, out);
		check_roundtrip(&rd, payload, out, foff + WIRE_HEADER_SIZE);
		if (!wire_rd_done(&rd))
			continue;
		wire_frame_end(out, foff);
		FUZZ_CHECK(out->len == foff + WIRE_HEADER_SIZE + len);
		FUZZ_CHECK(wire_get32(out->data + foff) == len);
		FUZZ_CHECK(wire_get16(out->data + foff + 4) == type);
	}
}

static void
fuzz_program(const uint8_t *ops, size_t n_ops, const uint8_t *payload,
    size_t len, struct wire_buf *out)
{
	struct wire_rd rd;
	size_t i;

	wire_buf_reset(out);
	wire_rd_init(&rd, payload, len);
	for (i = 0; i < n_ops; i++) {
		unsigned arg = ops[i] >> 4;
		static const char code[16] = "1248dsSmtkxBrc*?";
		int c = code[ops[i] & 15];

		if (c == '?') {
			FUZZ_CHECK(wire_rd_done(&rd) ==
			    (!rd.err && wire_rd_left(&rd) == 0));
			continue;
		}
		field(&rd, c, arg, out);
		check_roundtrip(&rd, payload, out, 0);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wire_buf out;
	size_t k;

	wire_buf_init(&out);
	fuzz_frames(data, size, &out);
	if (size > 0) {
		k = data[0];
		if (k > size - 1)
			k = size - 1;
		fuzz_program(data + 1, k, data + 1 + k, size - 1 - k, &out);
	}
	wire_buf_free(&out);
	return 0;
}
