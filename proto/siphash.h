/* SPDX-License-Identifier: Apache-2.0 */
/*
 * siphash.h - SipHash, the keyed hash of both sides (Aumasson and
 * Bernstein, "SipHash: a fast short-input PRF", 2012), in one
 * implementation: SipHash-1-3 for the string hashes of idmap.c (keyed per
 * table, so that no input can choose its chains), SipHash-2-4-128 for the
 * MAC of datagrams (dgram.c).  Pure: no I/O, no state.
 *
 * The key is two 64-bit words, k[0] from the key's first eight bytes read
 * little-endian (siphash_key), as the paper defines it; messages are
 * bytes, read little-endian a word at a time, on any host.
 */
#ifndef RTI_SIPHASH_H
#define RTI_SIPHASH_H

#include <stddef.h>
#include <stdint.h>

#define SIPHASH_KEY_SIZE 16

/* The key words of the 16 key bytes `b`. */
void siphash_key(const uint8_t b[SIPHASH_KEY_SIZE], uint64_t k[2]);

/* SipHash-1-3 of msg[0..n): the hash of hash tables. */
uint64_t siphash13(const uint64_t k[2], const void *msg, size_t n);

/* SipHash-2-4 of msg[0..n), 64 bits: the paper's PRF; its published
 * vectors pin the rounds every variant here shares (check_siphash.c). */
uint64_t siphash24(const uint64_t k[2], const void *msg, size_t n);

/* SipHash-2-4-128 of msg[0..n) into out (16 bytes, the two output words
 * little-endian): the MAC of datagrams. */
void siphash24_128(const uint64_t k[2], const void *msg, size_t n,
    uint8_t out[16]);

#endif
