// SPDX-License-Identifier: Apache-2.0
// encoding_complex.cpp - the constructed data elements of librti1516e:
// HLAfixedArray, HLAvariableArray, HLAfixedRecord, HLAvariantRecord,
// HLAopaqueData and HLAhandle (RTI/encoding/), with the octet boundaries
// and padding of IEEE 1516.2-2010 4.13 as librti-encoding(3) gives them.
//
// Elements are held as pointers: owned (clones and copies) or the
// caller's (the ...Pointer setters).  Copying a value into an element
// goes through its encoding, so that an element in the caller's memory
// is written there.
#include <RTI/encoding/HLAfixedArray.h>
#include <RTI/encoding/HLAfixedRecord.h>
#include <RTI/encoding/HLAhandle.h>
#include <RTI/encoding/HLAopaqueData.h>
#include <RTI/encoding/HLAvariableArray.h>
#include <RTI/encoding/HLAvariantRecord.h>

#include <cstring>
#include <typeinfo>

#include "encoding-int.h"
#include "handles-int.h"

#if __cplusplus < 201703L
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

using namespace rti1516e_impl;

namespace rti1516e
{
   // A list of elements, each owned or borrowed.
   class ElementList
   {
   public:
      std::vector<DataElement *> e;
      std::vector<bool> own;

      ElementList () {}
      ElementList (ElementList const &) = delete;
      ElementList & operator= (ElementList const &) = delete;
      ~ElementList () { clear (); }
      // Adds clones of o's elements.
      void copy (ElementList const & o)
      {
         for (size_t i = 0; i < o.e.size (); i++)
            add (o.e[i]->clone ().release (), true);
      }
      void add (DataElement * p, bool owned)
      {
         e.push_back (p);
         own.push_back (owned);
      }
      void set (size_t i, DataElement * p, bool owned)
      {
         if (own[i])
            delete e[i];
         e[i] = p;
         own[i] = owned;
      }
      void resize (size_t n)
      {
         while (e.size () > n) {
            if (own.back ())
               delete e.back ();
            e.pop_back ();
            own.pop_back ();
         }
      }
      void clear () { resize (0); }
      DataElement & at (size_t i, char const * what) const
      {
         if (i >= e.size ())
            throw EncoderException (std::wstring (what, what +
               std::strlen (what)) + L": index out of range");
         return *e[i];
      }
   };

   // dst takes src's value (same type: through the encoding).
   static void copy_value (DataElement & dst, DataElement const & src)
   {
      VariableLengthData v;
      src.encode (v);
      dst.decode (v);
   }

   static bool same_type (DataElement const & a, DataElement const & b)
   {
      return a.isSameTypeAs (b);
   }

   // The encoding of e as a VariableLengthData.
   static void encode_to (DataElement const & e, VariableLengthData & out)
   {
      std::vector<Octet> b;
      e.encodeInto (b);
      out.setData (b.data (), b.size ());
   }

   // ---- HLAfixedArray ----

   class HLAfixedArrayImplementation
   {
   public:
      RTI_UNIQUE_PTR<DataElement> proto;
      ElementList list;
   };

   HLAfixedArray::HLAfixedArray (DataElement const & protoType,
      size_t length)
      : _impl (new HLAfixedArrayImplementation ())
   {
      _impl->proto = protoType.clone ();
      for (size_t i = 0; i < length; i++)
         _impl->list.add (protoType.clone ().release (), true);
   }

   HLAfixedArray::HLAfixedArray (HLAfixedArray const & rhs)
      : DataElement (), _impl (new HLAfixedArrayImplementation ())
   {
      _impl->proto = rhs._impl->proto->clone ();
      _impl->list.copy (rhs._impl->list);
   }

   HLAfixedArray::~HLAfixedArray () { delete _impl; }

   RTI_UNIQUE_PTR<DataElement> HLAfixedArray::clone () const
   {
      return RTI_UNIQUE_PTR<DataElement> (new HLAfixedArray (*this));
   }

   VariableLengthData HLAfixedArray::encode () const
   {
      VariableLengthData v;
      encode_to (*this, v);
      return v;
   }

   void HLAfixedArray::encode (VariableLengthData & v) const
   {
      encode_to (*this, v);
   }

   void HLAfixedArray::encodeInto (std::vector<Octet> & b) const
   {
      pad (b, getOctetBoundary ());
      for (size_t i = 0; i < _impl->list.e.size (); i++)
         _impl->list.e[i]->encodeInto (b);
   }

   void HLAfixedArray::decode (VariableLengthData const & v)
   {
      decodeFrom (bytes_of (v), 0);
   }

   size_t HLAfixedArray::decodeFrom (std::vector<Octet> const & b,
      size_t index)
   {
      index = align (index, getOctetBoundary ());
      for (size_t i = 0; i < _impl->list.e.size (); i++)
         index = _impl->list.e[i]->decodeFrom (b, index);
      return index;
   }

   size_t HLAfixedArray::getEncodedLength () const
   {
      std::vector<Octet> b;
      encodeInto (b);
      return b.size ();
   }

   unsigned int HLAfixedArray::getOctetBoundary () const
   {
      return _impl->proto->getOctetBoundary ();
   }

   bool HLAfixedArray::isSameTypeAs (DataElement const & d) const
   {
      HLAfixedArray const * o = dynamic_cast<HLAfixedArray const *> (&d);
      return o && o->size () == size () &&
         same_type (*o->_impl->proto, *_impl->proto);
   }

   bool HLAfixedArray::hasPrototypeSameTypeAs (DataElement const & d) const
   {
      return same_type (*_impl->proto, d);
   }

   size_t HLAfixedArray::size () const { return _impl->list.e.size (); }

   void HLAfixedArray::set (size_t index, DataElement const & d)
   {
      DataElement & e = _impl->list.at (index, "HLAfixedArray::set");
      if (!hasPrototypeSameTypeAs (d))
         throw EncoderException (L"HLAfixedArray::set: element of another "
            L"type");
      copy_value (e, d);
   }

   void HLAfixedArray::setElementPointer (size_t index, DataElement * d)
   {
      _impl->list.at (index, "HLAfixedArray::setElementPointer");
      if (!d)
         throw EncoderException (L"HLAfixedArray: null element");
      if (!hasPrototypeSameTypeAs (*d))
         throw EncoderException (L"HLAfixedArray: element of another type");
      _impl->list.set (index, d, false);
   }

   DataElement const & HLAfixedArray::get (size_t index) const
   {
      return _impl->list.at (index, "HLAfixedArray::get");
   }

   DataElement const & HLAfixedArray::operator[] (size_t index) const
   {
      return get (index);
   }

   // ---- HLAvariableArray ----

   class HLAvariableArrayImplementation
   {
   public:
      RTI_UNIQUE_PTR<DataElement> proto;
      ElementList list;
   };

   HLAvariableArray::HLAvariableArray (DataElement const & prototype)
      : _impl (new HLAvariableArrayImplementation ())
   {
      _impl->proto = prototype.clone ();
   }

   HLAvariableArray::HLAvariableArray (HLAvariableArray const & rhs)
      : DataElement (), _impl (new HLAvariableArrayImplementation ())
   {
      _impl->proto = rhs._impl->proto->clone ();
      _impl->list.copy (rhs._impl->list);
   }

   HLAvariableArray::~HLAvariableArray () { delete _impl; }

   RTI_UNIQUE_PTR<DataElement> HLAvariableArray::clone () const
   {
      return RTI_UNIQUE_PTR<DataElement> (new HLAvariableArray (*this));
   }

   VariableLengthData HLAvariableArray::encode () const
   {
      VariableLengthData v;
      encode_to (*this, v);
      return v;
   }

   void HLAvariableArray::encode (VariableLengthData & v) const
   {
      encode_to (*this, v);
   }

   void HLAvariableArray::encodeInto (std::vector<Octet> & b) const
   {
      pad (b, getOctetBoundary ());
      put_u (b, _impl->list.e.size (), 4, true);
      for (size_t i = 0; i < _impl->list.e.size (); i++)
         _impl->list.e[i]->encodeInto (b);
   }

   void HLAvariableArray::decode (VariableLengthData const & v)
   {
      decodeFrom (bytes_of (v), 0);
   }

   // Elements beyond those held are clones of the prototype; the count
   // is checked against the bytes left before any is made.
   size_t HLAvariableArray::decodeFrom (std::vector<Octet> const & b,
      size_t index)
   {
      index = align (index, getOctetBoundary ());
      unsigned long long n = get_u (take (b, index, 4, "HLAvariableArray"),
         4, true);
      index += 4;
      size_t min = _impl->proto->getEncodedLength ();
      size_t left = b.size () - index;
      if (n > 0x7fffffffu || (min && n > left / min) ||
          (!min && n > left + 65536))
         throw EncoderException (L"decoding HLAvariableArray: the count "
            L"exceeds the bytes");
      ElementList & l = _impl->list;
      l.resize (static_cast<size_t> (n) < l.e.size () ?
         static_cast<size_t> (n) : l.e.size ());
      while (l.e.size () < n)
         l.add (_impl->proto->clone ().release (), true);
      for (size_t i = 0; i < n; i++)
         index = l.e[i]->decodeFrom (b, index);
      return index;
   }

   size_t HLAvariableArray::getEncodedLength () const
   {
      std::vector<Octet> b;
      encodeInto (b);
      return b.size ();
   }

   unsigned int HLAvariableArray::getOctetBoundary () const
   {
      unsigned int p = _impl->proto->getOctetBoundary ();
      return p > 4 ? p : 4;
   }

   size_t HLAvariableArray::size () const { return _impl->list.e.size (); }

   bool HLAvariableArray::isSameTypeAs (DataElement const & d) const
   {
      HLAvariableArray const * o =
         dynamic_cast<HLAvariableArray const *> (&d);
      return o && same_type (*o->_impl->proto, *_impl->proto);
   }

   bool HLAvariableArray::hasPrototypeSameTypeAs (DataElement const & d)
      const
   {
      return same_type (*_impl->proto, d);
   }

   void HLAvariableArray::addElement (DataElement const & d)
   {
      if (!hasPrototypeSameTypeAs (d))
         throw EncoderException (L"HLAvariableArray: element of another "
            L"type");
      _impl->list.add (d.clone ().release (), true);
   }

   void HLAvariableArray::addElementPointer (DataElement * d)
   {
      if (!d)
         throw EncoderException (L"HLAvariableArray: null element");
      if (!hasPrototypeSameTypeAs (*d))
         throw EncoderException (L"HLAvariableArray: element of another "
            L"type");
      _impl->list.add (d, false);
   }

   void HLAvariableArray::set (size_t index, DataElement const & d)
   {
      DataElement & e = _impl->list.at (index, "HLAvariableArray::set");
      if (!hasPrototypeSameTypeAs (d))
         throw EncoderException (L"HLAvariableArray::set: element of "
            L"another type");
      copy_value (e, d);
   }

   void HLAvariableArray::setElementPointer (size_t index, DataElement * d)
   {
      _impl->list.at (index, "HLAvariableArray::setElementPointer");
      if (!d)
         throw EncoderException (L"HLAvariableArray: null element");
      if (!hasPrototypeSameTypeAs (*d))
         throw EncoderException (L"HLAvariableArray: element of another "
            L"type");
      _impl->list.set (index, d, false);
   }

   DataElement const & HLAvariableArray::get (size_t index) const
   {
      return _impl->list.at (index, "HLAvariableArray::get");
   }

   DataElement const & HLAvariableArray::operator[] (size_t index) const
   {
      return get (index);
   }

   // ---- HLAfixedRecord ----

   class HLAfixedRecordImplementation
   {
   public:
      ElementList list;
   };

   HLAfixedRecord::HLAfixedRecord ()
      : _impl (new HLAfixedRecordImplementation ()) {}

   HLAfixedRecord::HLAfixedRecord (HLAfixedRecord const & rhs)
      : DataElement (), _impl (new HLAfixedRecordImplementation ())
   {
      _impl->list.copy (rhs._impl->list);
   }

   HLAfixedRecord::~HLAfixedRecord () { delete _impl; }

   RTI_UNIQUE_PTR<DataElement> HLAfixedRecord::clone () const
   {
      return RTI_UNIQUE_PTR<DataElement> (new HLAfixedRecord (*this));
   }

   VariableLengthData HLAfixedRecord::encode () const
   {
      VariableLengthData v;
      encode_to (*this, v);
      return v;
   }

   void HLAfixedRecord::encode (VariableLengthData & v) const
   {
      encode_to (*this, v);
   }

   void HLAfixedRecord::encodeInto (std::vector<Octet> & b) const
   {
      pad (b, getOctetBoundary ());
      for (size_t i = 0; i < _impl->list.e.size (); i++)
         _impl->list.e[i]->encodeInto (b);
   }

   void HLAfixedRecord::decode (VariableLengthData const & v)
   {
      decodeFrom (bytes_of (v), 0);
   }

   size_t HLAfixedRecord::decodeFrom (std::vector<Octet> const & b,
      size_t index)
   {
      index = align (index, getOctetBoundary ());
      for (size_t i = 0; i < _impl->list.e.size (); i++)
         index = _impl->list.e[i]->decodeFrom (b, index);
      return index;
   }

   size_t HLAfixedRecord::getEncodedLength () const
   {
      std::vector<Octet> b;
      encodeInto (b);
      return b.size ();
   }

   unsigned int HLAfixedRecord::getOctetBoundary () const
   {
      unsigned int m = 1;
      for (size_t i = 0; i < _impl->list.e.size (); i++) {
         unsigned int k = _impl->list.e[i]->getOctetBoundary ();
         if (k > m)
            m = k;
      }
      return m;
   }

   bool HLAfixedRecord::isSameTypeAs (DataElement const & d) const
   {
      HLAfixedRecord const * o = dynamic_cast<HLAfixedRecord const *> (&d);
      if (!o || o->size () != size ())
         return false;
      for (size_t i = 0; i < size (); i++)
         if (!same_type (*_impl->list.e[i], *o->_impl->list.e[i]))
            return false;
      return true;
   }

   bool HLAfixedRecord::hasElementSameTypeAs (size_t index,
      DataElement const & d) const
   {
      return index < size () && same_type (*_impl->list.e[index], d);
   }

   size_t HLAfixedRecord::size () const { return _impl->list.e.size (); }

   void HLAfixedRecord::appendElement (DataElement const & d)
   {
      _impl->list.add (d.clone ().release (), true);
   }

   void HLAfixedRecord::appendElementPointer (DataElement * d)
   {
      if (!d)
         throw EncoderException (L"HLAfixedRecord: null element");
      _impl->list.add (d, false);
   }

   void HLAfixedRecord::set (size_t index, DataElement const & d)
   {
      DataElement & e = _impl->list.at (index, "HLAfixedRecord::set");
      if (!same_type (e, d))
         throw EncoderException (L"HLAfixedRecord::set: field of another "
            L"type");
      copy_value (e, d);
   }

   void HLAfixedRecord::setElementPointer (size_t index, DataElement * d)
   {
      DataElement & e = _impl->list.at (index,
         "HLAfixedRecord::setElementPointer");
      if (!d)
         throw EncoderException (L"HLAfixedRecord: null element");
      if (!same_type (e, *d))
         throw EncoderException (L"HLAfixedRecord: field of another type");
      _impl->list.set (index, d, false);
   }

   DataElement const & HLAfixedRecord::get (size_t index) const
   {
      return _impl->list.at (index, "HLAfixedRecord::get");
   }

   DataElement const & HLAfixedRecord::operator[] (size_t index) const
   {
      return get (index);
   }

   // ---- HLAvariantRecord ----

   class HLAvariantRecordImplementation
   {
   public:
      RTI_UNIQUE_PTR<DataElement> disc;     // the current discriminant
      std::vector<std::vector<Octet> > keys; // discriminant encodings
      ElementList values;                     // their alternatives

      long find (DataElement const & d) const
      {
         std::vector<Octet> k;
         d.encodeInto (k);
         for (size_t i = 0; i < keys.size (); i++)
            if (keys[i] == k)
               return static_cast<long> (i);
         return -1;
      }
   };

   HLAvariantRecord::HLAvariantRecord (DataElement const & prototype)
      : _impl (new HLAvariantRecordImplementation ())
   {
      _impl->disc = prototype.clone ();
   }

   HLAvariantRecord::HLAvariantRecord (HLAvariantRecord const & rhs)
      : DataElement (), _impl (new HLAvariantRecordImplementation ())
   {
      _impl->disc = rhs._impl->disc->clone ();
      _impl->keys = rhs._impl->keys;
      _impl->values.copy (rhs._impl->values);
   }

   HLAvariantRecord::~HLAvariantRecord () { delete _impl; }

   RTI_UNIQUE_PTR<DataElement> HLAvariantRecord::clone () const
   {
      return RTI_UNIQUE_PTR<DataElement> (new HLAvariantRecord (*this));
   }

   VariableLengthData HLAvariantRecord::encode () const
   {
      VariableLengthData v;
      encode_to (*this, v);
      return v;
   }

   void HLAvariantRecord::encode (VariableLengthData & v) const
   {
      encode_to (*this, v);
   }

   // The discriminant, then the alternative it selects (padded to its own
   // boundary), or nothing when it selects none.
   void HLAvariantRecord::encodeInto (std::vector<Octet> & b) const
   {
      pad (b, getOctetBoundary ());
      _impl->disc->encodeInto (b);
      long i = _impl->find (*_impl->disc);
      if (i >= 0)
         _impl->values.e[static_cast<size_t> (i)]->encodeInto (b);
   }

   void HLAvariantRecord::decode (VariableLengthData const & v)
   {
      decodeFrom (bytes_of (v), 0);
   }

   size_t HLAvariantRecord::decodeFrom (std::vector<Octet> const & b,
      size_t index)
   {
      index = align (index, getOctetBoundary ());
      index = _impl->disc->decodeFrom (b, index);
      long i = _impl->find (*_impl->disc);
      if (i >= 0)
         index = _impl->values.e[static_cast<size_t> (i)]->decodeFrom (b,
            index);
      return index;
   }

   size_t HLAvariantRecord::getEncodedLength () const
   {
      std::vector<Octet> b;
      encodeInto (b);
      return b.size ();
   }

   unsigned int HLAvariantRecord::getOctetBoundary () const
   {
      unsigned int m = _impl->disc->getOctetBoundary ();
      for (size_t i = 0; i < _impl->values.e.size (); i++) {
         unsigned int k = _impl->values.e[i]->getOctetBoundary ();
         if (k > m)
            m = k;
      }
      return m;
   }

   bool HLAvariantRecord::isSameTypeAs (DataElement const & d) const
   {
      HLAvariantRecord const * o =
         dynamic_cast<HLAvariantRecord const *> (&d);
      return o && same_type (*o->_impl->disc, *_impl->disc);
   }

   bool HLAvariantRecord::isSameTypeAs (DataElement const & discriminant,
      DataElement const & inData) const
   {
      if (!hasMatchingDiscriminantTypeAs (discriminant))
         throw EncoderException (L"HLAvariantRecord: discriminant of "
            L"another type");
      long i = _impl->find (discriminant);
      return i >= 0 && same_type (*_impl->values.e[static_cast<size_t> (i)],
         inData);
   }

   bool HLAvariantRecord::hasMatchingDiscriminantTypeAs (
      DataElement const & d) const
   {
      return same_type (*_impl->disc, d);
   }

   void HLAvariantRecord::addVariant (DataElement const & discriminant,
      DataElement const & valuePrototype)
   {
      addVariantPointer (discriminant, valuePrototype.clone ().release ());
      _impl->values.own.back () = true;
   }

   void HLAvariantRecord::addVariantPointer (DataElement const & disc,
      DataElement * valuePtr)
   {
      if (!valuePtr)
         throw EncoderException (L"HLAvariantRecord: null alternative");
      if (!hasMatchingDiscriminantTypeAs (disc))
         throw EncoderException (L"HLAvariantRecord: discriminant of "
            L"another type");
      if (_impl->find (disc) >= 0)
         throw EncoderException (L"HLAvariantRecord: the discriminant has "
            L"an alternative already");
      std::vector<Octet> k;
      disc.encodeInto (k);
      _impl->keys.push_back (k);
      _impl->values.add (valuePtr, false);
      copy_value (*_impl->disc, disc);
   }

   void HLAvariantRecord::setDiscriminant (DataElement const & disc)
   {
      if (!hasMatchingDiscriminantTypeAs (disc))
         throw EncoderException (L"HLAvariantRecord: discriminant of "
            L"another type");
      copy_value (*_impl->disc, disc);
   }

   void HLAvariantRecord::setVariant (DataElement const & disc,
      DataElement const & value)
   {
      if (!isSameTypeAs (disc, value))
         throw EncoderException (L"HLAvariantRecord: no alternative of "
            L"that type for the discriminant");
      long i = _impl->find (disc);
      copy_value (*_impl->values.e[static_cast<size_t> (i)], value);
      copy_value (*_impl->disc, disc);
   }

   void HLAvariantRecord::setVariantPointer (DataElement const & disc,
      DataElement * valuePtr)
   {
      if (!valuePtr)
         throw EncoderException (L"HLAvariantRecord: null alternative");
      if (!isSameTypeAs (disc, *valuePtr))
         throw EncoderException (L"HLAvariantRecord: no alternative of "
            L"that type for the discriminant");
      long i = _impl->find (disc);
      _impl->values.set (static_cast<size_t> (i), valuePtr, false);
      copy_value (*_impl->disc, disc);
   }

   DataElement const & HLAvariantRecord::getDiscriminant () const
   {
      return *_impl->disc;
   }

   DataElement const & HLAvariantRecord::getVariant () const
   {
      long i = _impl->find (*_impl->disc);
      if (i < 0)
         throw EncoderException (L"HLAvariantRecord: the discriminant "
            L"selects no alternative");
      return *_impl->values.e[static_cast<size_t> (i)];
   }

   // ---- HLAopaqueData ----

   class HLAopaqueDataImplementation
   {
   public:
      std::vector<Octet> own;
      Octet ** ext;        // the caller's buffer, or null
      size_t ext_size, ext_len;

      HLAopaqueDataImplementation () : ext (0), ext_size (0), ext_len (0) {}
      Octet const * data () const
      {
         return ext ? *ext : (own.empty () ? 0 : own.data ());
      }
      size_t len () const { return ext ? ext_len : own.size (); }
      void assign (Octet const * p, size_t n)
      {
         if (ext) {
            if (n > ext_size)
               throw EncoderException (L"HLAopaqueData: the data exceed "
                  L"the caller's buffer");
            if (n)
               std::memmove (*ext, p, n);
            ext_len = n;
         } else {
            own.assign (p, p + n);
         }
      }
   };

   HLAopaqueData::HLAopaqueData ()
      : _impl (new HLAopaqueDataImplementation ()) {}

   HLAopaqueData::HLAopaqueData (Octet const * inData, size_t dataSize)
      : _impl (new HLAopaqueDataImplementation ())
   {
      if (dataSize && !inData) {
         delete _impl;
         throw EncoderException (L"HLAopaqueData: null data");
      }
      _impl->assign (inData, dataSize);
   }

   HLAopaqueData::HLAopaqueData (Octet ** inData, size_t bufferSize,
      size_t dataSize)
      : _impl (new HLAopaqueDataImplementation ())
   {
      try {
         setDataPointer (inData, bufferSize, dataSize);
      } catch (...) {
         delete _impl;
         throw;
      }
   }

   HLAopaqueData::HLAopaqueData (HLAopaqueData const & rhs)
      : DataElement (), _impl (new HLAopaqueDataImplementation ())
   {
      _impl->assign (rhs._impl->data (), rhs._impl->len ());
   }

   HLAopaqueData::~HLAopaqueData () { delete _impl; }

   RTI_UNIQUE_PTR<DataElement> HLAopaqueData::clone () const
   {
      return RTI_UNIQUE_PTR<DataElement> (new HLAopaqueData (*this));
   }

   VariableLengthData HLAopaqueData::encode () const
   {
      VariableLengthData v;
      encode_to (*this, v);
      return v;
   }

   void HLAopaqueData::encode (VariableLengthData & v) const
   {
      encode_to (*this, v);
   }

   void HLAopaqueData::encodeInto (std::vector<Octet> & b) const
   {
      pad (b, 4);
      put_u (b, _impl->len (), 4, true);
      Octet const * p = _impl->data ();
      b.insert (b.end (), p, p + _impl->len ());
   }

   void HLAopaqueData::decode (VariableLengthData const & v)
   {
      decodeFrom (bytes_of (v), 0);
   }

   size_t HLAopaqueData::decodeFrom (std::vector<Octet> const & b,
      size_t index)
   {
      index = align (index, 4);
      unsigned long long n = get_u (take (b, index, 4, "HLAopaqueData"), 4,
         true);
      if (n > 0x7fffffffu)
         throw EncoderException (L"decoding HLAopaqueData: negative count");
      unsigned char const * p = take (b, index + 4, static_cast<size_t> (n),
         "HLAopaqueData");
      _impl->assign (reinterpret_cast<Octet const *> (p),
         static_cast<size_t> (n));
      return index + 4 + static_cast<size_t> (n);
   }

   size_t HLAopaqueData::getEncodedLength () const
   {
      return 4 + _impl->len ();
   }

   unsigned int HLAopaqueData::getOctetBoundary () const { return 4; }

   size_t HLAopaqueData::bufferLength () const
   {
      return _impl->ext ? _impl->ext_size : _impl->own.size ();
   }

   size_t HLAopaqueData::dataLength () const { return _impl->len (); }

   void HLAopaqueData::setDataPointer (Octet ** inData, size_t bufferSize,
      size_t dataSize)
   {
      if (!inData || !*inData || !bufferSize)
         throw EncoderException (L"HLAopaqueData: null or empty buffer");
      if (dataSize > bufferSize)
         throw EncoderException (L"HLAopaqueData: data larger than the "
            L"buffer");
      _impl->own.clear ();
      _impl->ext = inData;
      _impl->ext_size = bufferSize;
      _impl->ext_len = dataSize;
   }

   void HLAopaqueData::set (Octet const * inData, size_t dataSize)
   {
      if (dataSize && !inData)
         throw EncoderException (L"HLAopaqueData: null data");
      _impl->assign (inData, dataSize);
   }

   Octet const * HLAopaqueData::get () const { return _impl->data (); }

   HLAopaqueData::operator Octet const * () const { return _impl->data (); }

   // ---- HLAhandle ----

   HLAhandle::HLAhandle () : _value (0), _length (0) {}
   HLAhandle::HLAhandle (HLAhandle const & rhs)
      : DataElement (), _value (rhs._value), _length (rhs._length) {}
   HLAhandle::~HLAhandle () {}
   HLAhandle & HLAhandle::operator= (HLAhandle const & rhs)
   {
      _value = rhs._value;
      _length = rhs._length;
      return *this;
   }

#define HANDLE_KIND(Kind, width)                                         \
   HLAhandle::HLAhandle (Kind const & h)                                  \
      : _value (Kind##Friend::value (h)), _length (width) {}              \
   void HLAhandle::set (Kind const & h)                                   \
   {                                                                      \
      _value = Kind##Friend::value (h);                                   \
      _length = width;                                                    \
   }                                                                      \
   Kind HLAhandle::get##Kind () const                                     \
   {                                                                      \
      if (_length != width)                                               \
         throw EncoderException (L"HLAhandle: not a " #Kind);             \
      return Kind##Friend::make (_value);                                 \
   }
   HANDLE_KIND(FederateHandle, 4)
   HANDLE_KIND(ObjectClassHandle, 4)
   HANDLE_KIND(InteractionClassHandle, 4)
   HANDLE_KIND(ObjectInstanceHandle, 4)
   HANDLE_KIND(AttributeHandle, 4)
   HANDLE_KIND(ParameterHandle, 4)
   HANDLE_KIND(DimensionHandle, 4)
   HANDLE_KIND(MessageRetractionHandle, 8)
   HANDLE_KIND(RegionHandle, 4)
#undef HANDLE_KIND

   RTI_UNIQUE_PTR<DataElement> HLAhandle::clone () const
   {
      return RTI_UNIQUE_PTR<DataElement> (new HLAhandle (*this));
   }

   VariableLengthData HLAhandle::encode () const
   {
      VariableLengthData v;
      encode_to (*this, v);
      return v;
   }

   void HLAhandle::encode (VariableLengthData & v) const
   {
      encode_to (*this, v);
   }

   void HLAhandle::encodeInto (std::vector<Octet> & b) const
   {
      pad (b, 4);
      put_u (b, _length, 4, true);
      put_u (b, _value, static_cast<int> (_length), true);
   }

   void HLAhandle::decode (VariableLengthData const & v)
   {
      decodeFrom (bytes_of (v), 0);
   }

   size_t HLAhandle::decodeFrom (std::vector<Octet> const & b, size_t index)
   {
      index = align (index, 4);
      unsigned long long n = get_u (take (b, index, 4, "HLAhandle"), 4,
         true);
      if (n != 0 && n != 4 && n != 8)
         throw EncoderException (L"decoding HLAhandle: not 4 or 8 octets");
      _value = get_u (take (b, index + 4, static_cast<size_t> (n),
         "HLAhandle"), static_cast<int> (n), true);
      _length = static_cast<unsigned int> (n);
      return index + 4 + static_cast<size_t> (n);
   }

   size_t HLAhandle::getEncodedLength () const { return 4 + _length; }
   unsigned int HLAhandle::getOctetBoundary () const { return 4; }
}
