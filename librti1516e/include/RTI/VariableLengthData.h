// SPDX-License-Identifier: Apache-2.0
// RTI/VariableLengthData.h - a sequence of bytes: attribute and
// parameter values, tags, encoded handles and times.
//
// A VariableLengthData holds its bytes in one of three ways:
//   its own storage  (the constructors, setData, resize, copy, assignment)
//   borrowed memory  (setDataPointer: the caller keeps it valid while the
//                    object uses it; a copy of the object owns a copy)
//   adopted memory   (takeDataPointer: freed by the object, with delete[]
//                    or the function given)
// Values of up to 16 bytes of its own are kept inside the object.
#ifndef RTI_VariableLengthData_h
#define RTI_VariableLengthData_h

#include <RTI/SpecificConfig.h>
#include <stddef.h>

namespace rti1516e
{
   // Frees memory handed to takeDataPointer.
   typedef void (*VariableLengthDataDeleteFunction) (void * data);

   class VariableLengthDataFriend;

   class RTI_EXPORT VariableLengthData
   {
   public:
      VariableLengthData ();

      // A copy of inSize bytes at inData.
      VariableLengthData (void const * inData, size_t inSize);

      // A copy of rhs's bytes.
      VariableLengthData (VariableLengthData const & rhs);

      ~VariableLengthData ();

      // A copy of rhs's bytes, in this object's own storage.
      VariableLengthData & operator= (VariableLengthData const & rhs);

#if __cplusplus >= 201103L
      // Takes rhs's bytes as they are held; rhs is left empty.
      VariableLengthData (VariableLengthData && rhs) noexcept;
      VariableLengthData & operator= (VariableLengthData && rhs) noexcept;
#endif

      // The bytes: valid while this object lives and holds them.
      void const * data () const { return _data; }
      void * data () { return _data; }
      size_t size () const { return _size; }

      // New size; the first min(old, new) bytes are kept, new ones are 0.
      // Borrowed bytes are copied into the object's own storage first.
      void resize (size_t size);

      // A copy of inSize bytes at inData.
      void setData (void const * inData, size_t inSize);

      // Use inSize bytes at inData without copying them.
      void setDataPointer (void * inData, size_t inSize);

      // Adopt inData (allocated with new char[]), or free it with func.
      void takeDataPointer (void * inData, size_t inSize,
         VariableLengthDataDeleteFunction func = 0);

   private:
      friend class VariableLengthDataFriend;
      void release ();
      void * _data;
      size_t _size;
      size_t _capacity;      // own storage on the heap: its size
      VariableLengthDataDeleteFunction _free;
      unsigned char _mode;   // how the bytes are held (VariableLengthData.cpp)
      union {
         unsigned char _small[16];
         double _align;
      };
   };
}

#endif // RTI_VariableLengthData_h
