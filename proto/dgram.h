/* SPDX-License-Identifier: Apache-2.0 */
/*
 * dgram.h - the datagram codec of the best-effort path (UDP between
 * librti and rtiexec; rti-protocol(7), DATAGRAMS).  Pure: builds and
 * checks bytes, does no I/O.
 *
 * Datagram:
 *   u16 magic (DGRAM_MAGIC) | u8 version | u8 flags (DGRAM_F_*) |
 *   u64 token | u32 seq | frames... | [16-byte MAC when DGRAM_F_MAC]
 * All integers big-endian.  The frames are ordinary wire frames
 * (wire.h), exactly as they travel over TCP, one or more, each whole.
 * `token` names the connection (rtiexec chose it and told the federate
 * over TCP); `seq` counts the datagrams of one direction of one path, so
 * that a receiver drops what is not newer than what it took.  The MAC is
 * SipHash-2-4 with 128-bit output over everything before it, keyed with
 * dgram_key(auth key, token): the key never travels.
 */
#ifndef RTI_DGRAM_H
#define RTI_DGRAM_H

#include <stddef.h>
#include <stdint.h>

#define DGRAM_MAGIC 0x4844u      /* "HD" */
#define DGRAM_VERSION 1
#define DGRAM_HEADER_SIZE 16
#define DGRAM_MAC_SIZE 16
#define DGRAM_KEY_SIZE 16
#define DGRAM_F_MAC 0x01         /* a MAC ends the datagram */
/* The largest datagram by default: a 1500-byte Ethernet MTU less the
 * IPv6 (40) and UDP (8) headers, so that it is never fragmented over
 * IPv4 or IPv6.  The range rtiexec accepts for --udp-max-datagram. */
#define DGRAM_DEFAULT_MAX 1452u
#define DGRAM_MIN_MAX 128u
#define DGRAM_MAX_MAX 65507u

/* The frame type of a registration datagram (librti to rtiexec, empty
 * payload): it tells rtiexec the federate's UDP address.  In the core
 * range of wire.h, never sent over TCP. */
#define DGRAM_REGISTER 0x000c

/* Why a datagram was refused (dgram_open). */
enum dgram_err {
	DGRAM_OK = 0,
	DGRAM_ESHORT,            /* shorter than its header (and MAC) */
	DGRAM_EMAGIC,            /* not rti's: magic */
	DGRAM_EVERSION,          /* another version */
	DGRAM_EMAC,              /* MAC missing, unexpected or wrong */
	DGRAM_EFRAME             /* no frame, a partial one, or one longer
	                            than the limit */
};

struct dgram_hdr {
	uint64_t token;
	uint32_t seq;
	uint8_t flags;
};

/* The MAC of msg[0..n) under the 16-byte `key` into `out` (16 bytes):
 * SipHash-2-4-128 (siphash.h). */
void dgram_mac(const uint8_t key[DGRAM_KEY_SIZE], const void *msg,
    size_t n, uint8_t out[DGRAM_MAC_SIZE]);
/* The MAC key of connection `token` under the shared auth key
 * auth[0..len): SipHash-128 of the token, keyed with SipHash-128 of the
 * auth key under a fixed label. */
void dgram_key(const uint8_t *auth, size_t len, uint64_t token,
    uint8_t key[DGRAM_KEY_SIZE]);

/* Write the header at p[0..DGRAM_HEADER_SIZE). */
void dgram_put_header(uint8_t *p, uint64_t token, uint32_t seq,
    uint8_t flags);
/* Append the MAC of p[0..len) at p + len (room for DGRAM_MAC_SIZE more
 * bytes is the caller's); returns the datagram's length. */
size_t dgram_seal(uint8_t *p, size_t len, const uint8_t key[DGRAM_KEY_SIZE]);

/* Read the header of p[0..n) without checking more than its length,
 * magic and version: the token, to find the key.  DGRAM_OK or the
 * error. */
int dgram_peek(const uint8_t *p, size_t n, struct dgram_hdr *h);
/*
 * Check the whole datagram p[0..n): header, then with `key` (non-NULL)
 * the DGRAM_F_MAC flag and the MAC (compared in constant time), without
 * `key` no flag, then that the frames fill the rest exactly, at least
 * one, none longer than `max_frame`.  DGRAM_OK with *h and
 * frames[0..*len) set (the frames, inside p), or the error.
 */
int dgram_open(const uint8_t *p, size_t n, const uint8_t *key,
    uint32_t max_frame, struct dgram_hdr *h, const uint8_t **frames,
    size_t *len);
/* The next frame of frames checked by dgram_open, from *p (*left bytes
 * left): 1 with *type, *flags, *payload and *plen set and *p, *left
 * past it, 0 at the end. */
int dgram_next(const uint8_t **p, size_t *left, uint16_t *type,
    uint16_t *flags, const uint8_t **payload, uint32_t *plen);
/* 1 when sequence number `seq` is newer than `last` (modulo 2^32: up
 * to 2^31 - 1 ahead). */
static inline int
dgram_seq_newer(uint32_t seq, uint32_t last)
{
	return (int32_t)(seq - last) > 0;
}
/* A short name of an enum dgram_err. */
const char *dgram_strerror(int err);

#endif
