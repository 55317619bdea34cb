// SPDX-License-Identifier: Apache-2.0
// types.cpp - the value types of rti's IEEE 1516.1-2010 C++ API:
// exceptions, VariableLengthData, handles, the ambassador base classes,
// and the wide/UTF-8 conversions.
#include <RTI/RTI1516.h>
#include <RTI/NullFederateAmbassador.h>
#include <RTI/encoding/EncodingExceptions.h>

#include <cstdlib>
#include <cstring>
#include <new>
#include <ostream>
#include <sstream>

#include "handles-int.h"

#include "librti.h"

namespace rti1516e
{
   // ---- exceptions ----

   Exception::Exception () {}
   Exception::Exception (Exception const &) {}
   Exception & Exception::operator= (Exception const &) { return *this; }
   Exception::~Exception () {}

   std::wostream & operator<< (std::wostream & stream, Exception const & e)
   {
      return stream << e.what ();
   }

#define RTI1516E_DEFINE_EXCEPTION(A)                                     \
   A::A (std::wstring const & message) RTI_NOEXCEPT : _msg (message) {} \
   std::wstring A::what () const RTI_NOEXCEPT { return _msg; }
   RTI1516E_EXCEPTION_LIST(RTI1516E_DEFINE_EXCEPTION)
   RTI1516E_DEFINE_EXCEPTION(EncoderException)
#undef RTI1516E_DEFINE_EXCEPTION

   // ---- VariableLengthData ----
   //
   // _mode: how _data is held.
   enum {
      VLD_BORROWED = 0,   // the caller's (or nothing): never freed
      VLD_SMALL = 1,      // in _small
      VLD_HEAP = 2,       // malloc'd, _capacity bytes
      VLD_ARRAY = 3,      // adopted: delete[]
      VLD_FUNC = 4        // adopted: _free
   };

   VariableLengthData::VariableLengthData ()
      : _data (0), _size (0), _capacity (0), _free (0), _mode (VLD_BORROWED)
   {}

   VariableLengthData::VariableLengthData (void const * inData,
      size_t inSize)
      : _data (0), _size (0), _capacity (0), _free (0), _mode (VLD_BORROWED)
   {
      setData (inData, inSize);
   }

   VariableLengthData::VariableLengthData (VariableLengthData const & rhs)
      : _data (0), _size (0), _capacity (0), _free (0), _mode (VLD_BORROWED)
   {
      setData (rhs._data, rhs._size);
   }

   VariableLengthData::VariableLengthData (VariableLengthData && rhs)
      noexcept
      : _data (rhs._data), _size (rhs._size), _capacity (rhs._capacity),
        _free (rhs._free), _mode (rhs._mode)
   {
      if (_mode == VLD_SMALL) {
         std::memcpy (_small, rhs._small, sizeof _small);
         _data = _small;
      }
      rhs._data = 0;
      rhs._size = rhs._capacity = 0;
      rhs._free = 0;
      rhs._mode = VLD_BORROWED;
   }

   VariableLengthData & VariableLengthData::operator= (
      VariableLengthData && rhs) noexcept
   {
      if (this == &rhs)
         return *this;
      release ();
      _data = rhs._data;
      _size = rhs._size;
      _capacity = rhs._capacity;
      _free = rhs._free;
      _mode = rhs._mode;
      if (_mode == VLD_SMALL) {
         std::memcpy (_small, rhs._small, sizeof _small);
         _data = _small;
      }
      rhs._data = 0;
      rhs._size = rhs._capacity = 0;
      rhs._free = 0;
      rhs._mode = VLD_BORROWED;
      return *this;
   }

   VariableLengthData::~VariableLengthData ()
   {
      release ();
   }

   VariableLengthData & VariableLengthData::operator= (
      VariableLengthData const & rhs)
   {
      if (this != &rhs)
         setData (rhs._data, rhs._size);
      return *this;
   }

   // Frees what this object holds and leaves it empty.
   void VariableLengthData::release ()
   {
      switch (_mode) {
      case VLD_HEAP:
         std::free (_data);
         break;
      case VLD_ARRAY:
         delete[] static_cast<char *> (_data);
         break;
      case VLD_FUNC:
         if (_free)
            _free (_data);
         break;
      default:
         break;
      }
      _data = 0;
      _size = _capacity = 0;
      _free = 0;
      _mode = VLD_BORROWED;
   }

   void VariableLengthData::setData (void const * inData, size_t inSize)
   {
      if (inSize && !inData)
         throw RTIinternalError (L"VariableLengthData::setData: null data");
      if (inSize <= sizeof _small) {
         unsigned char tmp[sizeof _small];

         if (inSize)
            std::memcpy (tmp, inData, inSize);
         release ();
         std::memcpy (_small, tmp, inSize);
         _data = _small;
         _size = inSize;
         _mode = VLD_SMALL;
         return;
      }
      if (_mode == VLD_HEAP && _capacity >= inSize) {
         std::memmove (_data, inData, inSize);
         _size = inSize;
         return;
      }
      void * p = std::malloc (inSize);
      if (!p)
         throw std::bad_alloc ();
      std::memcpy (p, inData, inSize);
      release ();
      _data = p;
      _size = _capacity = inSize;
      _mode = VLD_HEAP;
   }

   void VariableLengthData::setDataPointer (void * inData, size_t inSize)
   {
      if (inData == _data && _mode == VLD_BORROWED) {
         _size = inSize;
         return;
      }
      release ();
      _data = inData;
      _size = inData ? inSize : 0;
   }

   void VariableLengthData::takeDataPointer (void * inData, size_t inSize,
      VariableLengthDataDeleteFunction func)
   {
      if (inData == _data && (_mode == VLD_ARRAY || _mode == VLD_FUNC)) {
         _size = inSize;
         return;
      }
      release ();
      _data = inData;
      _size = inData ? inSize : 0;
      _free = func;
      _mode = static_cast<unsigned char> (func ? VLD_FUNC : VLD_ARRAY);
   }

   void VariableLengthData::resize (size_t size)
   {
      if (size == _size)
         return;
      if ((_mode == VLD_SMALL && size <= sizeof _small) ||
          (_mode == VLD_HEAP && size <= _capacity)) {
         if (size > _size)
            std::memset (static_cast<char *> (_data) + _size, 0,
               size - _size);
         _size = size;
         return;
      }
      size_t keep = size < _size ? size : _size;
      if (size <= sizeof _small) {
         unsigned char tmp[sizeof _small] = { 0 };

         if (keep)
            std::memcpy (tmp, _data, keep);
         release ();
         std::memcpy (_small, tmp, sizeof _small);
         _data = _small;
         _size = size;
         _mode = VLD_SMALL;
         return;
      }
      void * p = std::calloc (size, 1);
      if (!p)
         throw std::bad_alloc ();
      if (keep)
         std::memcpy (p, _data, keep);
      release ();
      _data = p;
      _size = _capacity = size;
      _mode = VLD_HEAP;
   }

   // ---- handles ----

#define RTI1516E_DEFINE_HANDLE(Kind, Width)                              \
   size_t Kind::encodedLength () const { return Width; }                \
   VariableLengthData Kind::encode () const                             \
   {                                                                    \
      unsigned char b[8];                                               \
      rti1516e_impl::put_be (b, _value, Width);                         \
      return VariableLengthData (b, Width);                             \
   }                                                                    \
   void Kind::encode (VariableLengthData & buffer) const                \
   {                                                                    \
      unsigned char b[8];                                               \
      rti1516e_impl::put_be (b, _value, Width);                         \
      buffer.setData (b, Width);                                        \
   }                                                                    \
   size_t Kind::encode (void * buffer, size_t bufferSize) const         \
   {                                                                    \
      if (!buffer || bufferSize < Width)                                \
         throw CouldNotEncode (L"" #Kind " needs " #Width " bytes");    \
      rti1516e_impl::put_be (static_cast<unsigned char *> (buffer),     \
         _value, Width);                                                \
      return Width;                                                     \
   }                                                                    \
   std::wstring Kind::toString () const                                 \
   {                                                                    \
      std::wostringstream s;                                            \
      s << L"" #Kind "(";                                               \
      if (_value)                                                       \
         s << _value;                                                   \
      else                                                              \
         s << L"invalid";                                               \
      s << L")";                                                        \
      return s.str ();                                                  \
   }                                                                    \
   std::wostream & operator<< (std::wostream & stream,                  \
      Kind const & handle)                                              \
   {                                                                    \
      return stream << handle.toString ();                              \
   }
   RTI1516E_DEFINE_HANDLE(FederateHandle, 4)
   RTI1516E_DEFINE_HANDLE(ObjectClassHandle, 4)
   RTI1516E_DEFINE_HANDLE(InteractionClassHandle, 4)
   RTI1516E_DEFINE_HANDLE(ObjectInstanceHandle, 4)
   RTI1516E_DEFINE_HANDLE(AttributeHandle, 4)
   RTI1516E_DEFINE_HANDLE(ParameterHandle, 4)
   RTI1516E_DEFINE_HANDLE(DimensionHandle, 4)
   RTI1516E_DEFINE_HANDLE(MessageRetractionHandle, 8)
   RTI1516E_DEFINE_HANDLE(RegionHandle, 4)
#undef RTI1516E_DEFINE_HANDLE

   // ---- ambassador base classes ----

   FederateAmbassador::FederateAmbassador () {}
   FederateAmbassador::~FederateAmbassador () {}
   NullFederateAmbassador::~NullFederateAmbassador () {}
   RTIambassador::RTIambassador () RTI_NOEXCEPT {}
   RTIambassador::~RTIambassador () {}
   RTIambassadorFactory::RTIambassadorFactory () {}
   RTIambassadorFactory::~RTIambassadorFactory () RTI_NOEXCEPT {}

   std::wstring rtiName ()
   {
      return L"" RTI1516E_RTI_NAME;
   }

   std::wstring rtiVersion ()
   {
      return rti1516e_impl::widen (RTI_VERSION_STRING);
   }
}

namespace rti1516e_impl
{
   std::string narrow (std::wstring const & w)
   {
      std::string s;

      s.reserve (w.size ());
      for (size_t i = 0; i < w.size (); i++) {
         unsigned long c = static_cast<unsigned long> (w[i]);

         if (c >= 0xd800 && c <= 0xdfff && sizeof (wchar_t) == 2 &&
             c <= 0xdbff && i + 1 < w.size ()) {
            unsigned long d = static_cast<unsigned long> (w[i + 1]);
            if (d >= 0xdc00 && d <= 0xdfff) {
               c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
               i++;
            }
         }
         if ((c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
            c = 0xfffd;
         if (c < 0x80) {
            s += static_cast<char> (c);
         } else if (c < 0x800) {
            s += static_cast<char> (0xc0 | (c >> 6));
            s += static_cast<char> (0x80 | (c & 0x3f));
         } else if (c < 0x10000) {
            s += static_cast<char> (0xe0 | (c >> 12));
            s += static_cast<char> (0x80 | ((c >> 6) & 0x3f));
            s += static_cast<char> (0x80 | (c & 0x3f));
         } else {
            s += static_cast<char> (0xf0 | (c >> 18));
            s += static_cast<char> (0x80 | ((c >> 12) & 0x3f));
            s += static_cast<char> (0x80 | ((c >> 6) & 0x3f));
            s += static_cast<char> (0x80 | (c & 0x3f));
         }
      }
      return s;
   }

   std::wstring widen (char const * s, size_t n)
   {
      std::wstring w;
      unsigned char const * p = reinterpret_cast<unsigned char const *> (s);

      w.reserve (n);
      for (size_t i = 0; i < n;) {
         unsigned long c = p[i];
         size_t k;

         if (c < 0x80) {
            w += static_cast<wchar_t> (c);
            i++;
            continue;
         }
         if ((c & 0xe0) == 0xc0) {
            k = 1;
            c &= 0x1f;
         } else if ((c & 0xf0) == 0xe0) {
            k = 2;
            c &= 0x0f;
         } else if ((c & 0xf8) == 0xf0) {
            k = 3;
            c &= 0x07;
         } else {
            w += static_cast<wchar_t> (0xfffd);
            i++;
            continue;
         }
         size_t j;
         for (j = 1; j <= k; j++) {
            if (i + j >= n || (p[i + j] & 0xc0) != 0x80)
               break;
            c = (c << 6) | (p[i + j] & 0x3f);
         }
         if (j <= k || (k == 1 && c < 0x80) || (k == 2 && c < 0x800) ||
             (k == 3 && (c < 0x10000 || c > 0x10ffff)) ||
             (c >= 0xd800 && c <= 0xdfff)) {
            w += static_cast<wchar_t> (0xfffd);
            i += j > 1 ? j : 1;
            continue;
         }
         if (sizeof (wchar_t) == 2 && c >= 0x10000) {
            c -= 0x10000;
            w += static_cast<wchar_t> (0xd800 + (c >> 10));
            w += static_cast<wchar_t> (0xdc00 + (c & 0x3ff));
         } else {
            w += static_cast<wchar_t> (c);
         }
         i += k + 1;
      }
      return w;
   }

   std::wstring widen (char const * s)
   {
      return s ? widen (s, std::strlen (s)) : std::wstring ();
   }
}
