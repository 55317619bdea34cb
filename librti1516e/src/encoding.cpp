// SPDX-License-Identifier: Apache-2.0
// encoding.cpp - the basic data elements of librti1516e (RTI/encoding/
// BasicDataElements.h) and the DataElement defaults: the encodings of
// IEEE 1516.2-2010 4.13, byte for byte those of librti-encoding(3).
#include <RTI/encoding/BasicDataElements.h>

#include <cmath>
#include <cstring>
#include <typeinfo>

#include "encoding-int.h"

#if __cplusplus < 201703L
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

using namespace rti1516e_impl;

namespace rti1516e
{
   DataElement::~DataElement () {}

   bool DataElement::isSameTypeAs (DataElement const & inData) const
   {
      return typeid (*this) == typeid (inData);
   }

   Integer64 DataElement::hash () const
   {
      std::vector<Octet> b;
      encodeInto (b);
      return fnv (b);
   }
}

namespace
{
   using namespace rti1516e;

   // Each basic element's codec: its octet boundary, its encoding
   // appended to a buffer (already padded), its decoding at an index
   // (already aligned) returning the index after it, and its length.

   unsigned long long f32bits (float f)
   {
      unsigned int u;
      std::memcpy (&u, &f, 4);
      return u;
   }

   float bitsf32 (unsigned long long u)
   {
      unsigned int v = static_cast<unsigned int> (u);
      float f;
      std::memcpy (&f, &v, 4);
      return f;
   }

   unsigned long long f64bits (double d)
   {
      unsigned long long u;
      std::memcpy (&u, &d, 8);
      return u;
   }

   double bitsf64 (unsigned long long u)
   {
      double d;
      std::memcpy (&d, &u, 8);
      return d;
   }

   // ---- per type: boundary, put, get, length ----

#define INT_CODEC(Name, V, N, BE)                                            \
   struct Name##Codec                                                        \
   {                                                                         \
      static unsigned boundary () { return N; }                              \
      static size_t length (V const &) { return N; }                         \
      static void put (std::vector<Octet> & b, V const & v)                  \
      {                                                                      \
         put_u (b, static_cast<unsigned long long> (v), N, BE);              \
      }                                                                      \
      static size_t get (std::vector<Octet> const & b, size_t i, V & v)      \
      {                                                                      \
         v = static_cast<V> (get_u (take (b, i, N, #Name), N, BE));          \
         return i + N;                                                       \
      }                                                                      \
   };
   INT_CODEC(HLAinteger16BE, Integer16, 2, true)
   INT_CODEC(HLAinteger16LE, Integer16, 2, false)
   INT_CODEC(HLAinteger32BE, Integer32, 4, true)
   INT_CODEC(HLAinteger32LE, Integer32, 4, false)
   INT_CODEC(HLAinteger64BE, Integer64, 8, true)
   INT_CODEC(HLAinteger64LE, Integer64, 8, false)
   INT_CODEC(HLAoctet, Octet, 1, true)
   INT_CODEC(HLAbyte, Octet, 1, true)
#undef INT_CODEC

#define FLOAT_CODEC(Name, V, N, BE, TOBITS, FROMBITS)                        \
   struct Name##Codec                                                        \
   {                                                                         \
      static unsigned boundary () { return N; }                              \
      static size_t length (V const &) { return N; }                         \
      static void put (std::vector<Octet> & b, V const & v)                  \
      {                                                                      \
         put_u (b, TOBITS (v), N, BE);                                       \
      }                                                                      \
      static size_t get (std::vector<Octet> const & b, size_t i, V & v)      \
      {                                                                      \
         v = FROMBITS (get_u (take (b, i, N, #Name), N, BE));                \
         return i + N;                                                       \
      }                                                                      \
   };
   FLOAT_CODEC(HLAfloat32BE, float, 4, true, f32bits, bitsf32)
   FLOAT_CODEC(HLAfloat32LE, float, 4, false, f32bits, bitsf32)
   FLOAT_CODEC(HLAfloat64BE, double, 8, true, f64bits, bitsf64)
   FLOAT_CODEC(HLAfloat64LE, double, 8, false, f64bits, bitsf64)
#undef FLOAT_CODEC

#define PAIR_CODEC(Name, BE)                                                 \
   struct Name##Codec                                                        \
   {                                                                         \
      static unsigned boundary () { return 2; }                              \
      static size_t length (OctetPair const &) { return 2; }                 \
      static void put (std::vector<Octet> & b, OctetPair const & v)          \
      {                                                                      \
         b.push_back (BE ? v.first : v.second);                              \
         b.push_back (BE ? v.second : v.first);                              \
      }                                                                      \
      static size_t get (std::vector<Octet> const & b, size_t i,            \
         OctetPair & v)                                                      \
      {                                                                      \
         unsigned char const * p = take (b, i, 2, #Name);                    \
         v.first = static_cast<Octet> (BE ? p[0] : p[1]);                    \
         v.second = static_cast<Octet> (BE ? p[1] : p[0]);                   \
         return i + 2;                                                       \
      }                                                                      \
   };
   PAIR_CODEC(HLAoctetPairBE, true)
   PAIR_CODEC(HLAoctetPairLE, false)
#undef PAIR_CODEC

   struct HLAASCIIcharCodec
   {
      static unsigned boundary () { return 1; }
      static size_t length (char const &) { return 1; }
      static void put (std::vector<Octet> & b, char const & v)
      {
         b.push_back (static_cast<Octet> (v));
      }
      static size_t get (std::vector<Octet> const & b, size_t i, char & v)
      {
         v = static_cast<char> (*take (b, i, 1, "HLAASCIIchar"));
         return i + 1;
      }
   };

   // HLAboolean: the enumeration HLAfalse 0, HLAtrue 1 on HLAinteger32BE.
   struct HLAbooleanCodec
   {
      static unsigned boundary () { return 4; }
      static size_t length (bool const &) { return 4; }
      static void put (std::vector<Octet> & b, bool const & v)
      {
         put_u (b, v ? 1 : 0, 4, true);
      }
      static size_t get (std::vector<Octet> const & b, size_t i, bool & v)
      {
         unsigned long long x = get_u (take (b, i, 4, "HLAboolean"), 4,
            true);
         if (x > 1)
            throw EncoderException (L"decoding HLAboolean: not 0 or 1");
         v = x != 0;
         return i + 4;
      }
   };

   // HLAunicodeChar: one UTF-16 code unit, big-endian.
   struct HLAunicodeCharCodec
   {
      static unsigned boundary () { return 2; }
      static size_t length (wchar_t const &) { return 2; }
      static void put (std::vector<Octet> & b, wchar_t const & v)
      {
         if (static_cast<unsigned long> (v) > 0xffff)
            throw EncoderException (L"HLAunicodeChar: a character beyond "
               L"U+FFFF is not one UTF-16 code unit");
         put_u (b, static_cast<unsigned long long> (v), 2, true);
      }
      static size_t get (std::vector<Octet> const & b, size_t i, wchar_t & v)
      {
         v = static_cast<wchar_t> (get_u (take (b, i, 2, "HLAunicodeChar"),
            2, true));
         return i + 2;
      }
   };

   // HLAASCIIstring: HLAinteger32BE count, the octets.
   struct HLAASCIIstringCodec
   {
      static unsigned boundary () { return 4; }
      static size_t length (std::string const & v) { return 4 + v.size (); }
      static void put (std::vector<Octet> & b, std::string const & v)
      {
         if (v.size () > 0x7fffffffu)
            throw EncoderException (L"HLAASCIIstring too long");
         put_u (b, v.size (), 4, true);
         b.insert (b.end (), v.begin (), v.end ());
      }
      static size_t get (std::vector<Octet> const & b, size_t i,
         std::string & v)
      {
         unsigned long long n = get_u (take (b, i, 4, "HLAASCIIstring"), 4,
            true);
         if (n > 0x7fffffffu)
            throw EncoderException (L"decoding HLAASCIIstring: negative "
               L"count");
         char const * p = reinterpret_cast<char const *> (
            take (b, i + 4, static_cast<size_t> (n), "HLAASCIIstring"));
         v.assign (p, static_cast<size_t> (n));
         return i + 4 + static_cast<size_t> (n);
      }
   };

   // HLAunicodeString: HLAinteger32BE count of UTF-16 code units, the
   // units big-endian.  As an array of HLAunicodeChar, one wchar_t is one
   // code unit both ways, so any units (paired surrogates included) come
   // back as they went; only a wchar_t beyond U+FFFF, which no unit holds,
   // is sent as its surrogate pair (and comes back as those two units).
   struct HLAunicodeStringCodec
   {
      static unsigned boundary () { return 4; }
      static size_t units (std::wstring const & v)
      {
         size_t n = 0;
         for (size_t i = 0; i < v.size (); i++)
            n += static_cast<unsigned long> (v[i]) > 0xffff ? 2 : 1;
         return n;
      }
      static size_t length (std::wstring const & v)
      {
         return 4 + 2 * units (v);
      }
      static void put (std::vector<Octet> & b, std::wstring const & v)
      {
         size_t n = units (v);
         if (n > 0x7fffffffu)
            throw EncoderException (L"HLAunicodeString too long");
         put_u (b, n, 4, true);
         for (size_t i = 0; i < v.size (); i++) {
            unsigned long c = static_cast<unsigned long> (v[i]);
            if (c > 0x10ffff)
               throw EncoderException (L"HLAunicodeString: not a Unicode "
                  L"character");
            if (c > 0xffff) {
               c -= 0x10000;
               put_u (b, 0xd800 + (c >> 10), 2, true);
               put_u (b, 0xdc00 + (c & 0x3ff), 2, true);
            } else {
               put_u (b, c, 2, true);
            }
         }
      }
      static size_t get (std::vector<Octet> const & b, size_t i,
         std::wstring & v)
      {
         unsigned long long n = get_u (take (b, i, 4, "HLAunicodeString"),
            4, true);
         if (n > 0x7fffffffu)
            throw EncoderException (L"decoding HLAunicodeString: negative "
               L"count");
         unsigned char const * p = take (b, i + 4,
            static_cast<size_t> (2 * n), "HLAunicodeString");
         std::wstring w;
         w.reserve (static_cast<size_t> (n));
         for (size_t k = 0; k < n; k++) {
            w += static_cast<wchar_t> (get_u (p + 2 * k, 2, true));
         }
         v.swap (w);
         return i + 4 + static_cast<size_t> (2 * n);
      }
   };
}

#define DEFINE_BASIC(Element, Value)                                        \
   Element::Element () : _value (), _ref (&_value) {}                        \
   Element::Element (Value const & inData) : _value (inData), _ref (&_value)\
   {}                                                                        \
   Element::Element (Value * inData)                                         \
      : _value (), _ref (inData ? inData : &_value) {}                       \
   Element::Element (Element const & rhs)                                    \
      : DataElement (), _value (*rhs._ref), _ref (&_value) {}                \
   Element::~Element () {}                                                   \
   Element & Element::operator= (Element const & rhs)                        \
   {                                                                         \
      if (this != &rhs)                                                      \
         *_ref = *rhs._ref;                                                  \
      return *this;                                                          \
   }                                                                         \
   RTI_UNIQUE_PTR<DataElement> Element::clone () const                       \
   {                                                                         \
      return RTI_UNIQUE_PTR<DataElement> (new Element (*this));              \
   }                                                                         \
   VariableLengthData Element::encode () const                               \
   {                                                                         \
      VariableLengthData d;                                                  \
      encode (d);                                                            \
      return d;                                                              \
   }                                                                         \
   void Element::encode (VariableLengthData & inData) const                  \
   {                                                                         \
      std::vector<Octet> b;                                                  \
      Element##Codec::put (b, *_ref);                                        \
      inData.setData (b.data (), b.size ());                                 \
   }                                                                         \
   void Element::encodeInto (std::vector<Octet> & buffer) const              \
   {                                                                         \
      pad (buffer, Element##Codec::boundary ());                             \
      Element##Codec::put (buffer, *_ref);                                   \
   }                                                                         \
   void Element::decode (VariableLengthData const & inData)                  \
   {                                                                         \
      std::vector<Octet> b = bytes_of (inData);                              \
      Value v;                                                               \
      Element##Codec::get (b, 0, v);                                         \
      *_ref = v;                                                             \
   }                                                                         \
   size_t Element::decodeFrom (std::vector<Octet> const & buffer,            \
      size_t index)                                                          \
   {                                                                         \
      Value v;                                                               \
      size_t next = Element##Codec::get (buffer,                             \
         align (index, Element##Codec::boundary ()), v);                     \
      *_ref = v;                                                             \
      return next;                                                           \
   }                                                                         \
   size_t Element::getEncodedLength () const                                 \
   {                                                                         \
      return Element##Codec::length (*_ref);                                 \
   }                                                                         \
   unsigned int Element::getOctetBoundary () const                           \
   {                                                                         \
      return Element##Codec::boundary ();                                    \
   }                                                                         \
   Integer64 Element::hash () const                                          \
   {                                                                         \
      std::vector<Octet> b;                                                  \
      Element##Codec::put (b, *_ref);                                        \
      return fnv (b);                                                        \
   }                                                                         \
   void Element::setDataPointer (Value * inData)                             \
   {                                                                         \
      if (!inData)                                                           \
         throw EncoderException (L"" #Element "::setDataPointer: null");     \
      _ref = inData;                                                         \
   }                                                                         \
   void Element::set (Value inData) { *_ref = inData; }                      \
   Value Element::get () const { return *_ref; }                             \
   Element & Element::operator= (Value rhs)                                  \
   {                                                                         \
      *_ref = rhs;                                                           \
      return *this;                                                          \
   }                                                                         \
   Element::operator Value () const { return *_ref; }

namespace rti1516e
{
   DEFINE_BASIC(HLAASCIIchar, char)
   DEFINE_BASIC(HLAASCIIstring, std::string)
   DEFINE_BASIC(HLAboolean, bool)
   DEFINE_BASIC(HLAbyte, Octet)
   DEFINE_BASIC(HLAfloat32BE, float)
   DEFINE_BASIC(HLAfloat32LE, float)
   DEFINE_BASIC(HLAfloat64BE, double)
   DEFINE_BASIC(HLAfloat64LE, double)
   DEFINE_BASIC(HLAinteger16LE, Integer16)
   DEFINE_BASIC(HLAinteger16BE, Integer16)
   DEFINE_BASIC(HLAinteger32BE, Integer32)
   DEFINE_BASIC(HLAinteger32LE, Integer32)
   DEFINE_BASIC(HLAinteger64BE, Integer64)
   DEFINE_BASIC(HLAinteger64LE, Integer64)
   DEFINE_BASIC(HLAoctet, Octet)
   DEFINE_BASIC(HLAoctetPairBE, OctetPair)
   DEFINE_BASIC(HLAoctetPairLE, OctetPair)
   DEFINE_BASIC(HLAunicodeChar, wchar_t)
   DEFINE_BASIC(HLAunicodeString, std::wstring)
}
