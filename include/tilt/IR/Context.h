//===- Context.h - The owner of uniqued IR data ------------------*- C++
//-*-===//
//
// A Context owns the uniqued types, attributes and locations, the loaded
// dialects and registered operations, the diagnostic engine and the options
// that govern them (allowing unregistered dialects, threading). IR from one
// context must not be mixed with IR from another.
//
//===----------------------------------------------------------------------===//
#ifndef TILT_IR_CONTEXT_H
#define TILT_IR_CONTEXT_H

#include "tilt/IR/StorageUniquer.h"
#include "tilt/Support/TypeID.h"
#include "llvm/ADT/StringRef.h"
#include <functional>
#include <memory>
#include <vector>

namespace llvm {
class ThreadPool;
}

namespace tilt {
class DiagnosticEngine;
class Dialect;
class OpInfo;
namespace detail {
struct ContextImpl;
struct OperationNameImpl;
} // namespace detail

/// Dialects that may be loaded into a context, by namespace.
class DialectRegistry {
public:
  using Constructor = std::function<Dialect *(Context *)>;

  template <typename... DialectTs> void insert() {
    (insert(TypeID::get<DialectTs>(), DialectTs::getDialectNamespace(),
            [](Context *context) -> Dialect * {
              return loadDialect<DialectTs>(context);
            }),
     ...);
  }
  void insert(TypeID typeID, llvm::StringRef name, Constructor constructor);
  /// The constructor for `name`, or null.
  const Constructor *lookup(llvm::StringRef name) const;
  std::vector<llvm::StringRef> getDialectNames() const;
  /// Adds the dialects of this registry to `other`.
  void appendTo(DialectRegistry &other) const;

private:
  template <typename DialectT> static Dialect *loadDialect(Context *context);
  std::vector<std::tuple<std::string, TypeID, Constructor>> entries;
};

/// Owns everything IR is made of: uniqued types, attributes and locations,
/// the loaded dialects and their ops, and the diagnostic engine. IR of one
/// context must not be mixed with another's.
class Context {
public:
  Context();
  explicit Context(const DialectRegistry &registry);
  ~Context();
  Context(const Context &) = delete;
  Context &operator=(const Context &) = delete;

  //===--------------------------------------------------------------------===//
  // Dialects
  //===--------------------------------------------------------------------===//

  /// Loads the dialect T (once) and returns it.
  template <typename T> T *getOrLoadDialect() {
    return static_cast<T *>(
        getOrLoadDialect(T::getDialectNamespace(), TypeID::get<T>(), [this]() {
          return std::unique_ptr<Dialect>(new T(this));
        }));
  }
  /// The loaded dialect named `name`, or null.
  Dialect *getLoadedDialect(llvm::StringRef name);
  template <typename T> T *getLoadedDialect() {
    return static_cast<T *>(getLoadedDialect(T::getDialectNamespace()));
  }
  /// Loads `name` from the registry if it is registered there; else null.
  Dialect *getOrLoadDialect(llvm::StringRef name);
  std::vector<Dialect *> getLoadedDialects();
  void appendDialectRegistry(const DialectRegistry &registry);
  const DialectRegistry &getDialectRegistry();
  void loadAllAvailableDialects();

  /// Whether ops, types and attributes of unknown dialects are accepted.
  bool allowsUnregisteredDialects() const;
  void allowUnregisteredDialects(bool allow = true);

  /// Threading: when disabled, uniquing takes no locks and passes run on
  /// the calling thread.
  bool isMultithreadingEnabled() const;
  void disableMultithreading(bool disable = true);
  llvm::ThreadPool &getThreadPool();

  DiagnosticEngine &getDiagEngine();
  StorageUniquer &getUniquer();

  //===--------------------------------------------------------------------===//
  // Internal
  //===--------------------------------------------------------------------===//

  Dialect *
  getOrLoadDialect(llvm::StringRef name, TypeID typeID,
                   llvm::function_ref<std::unique_ptr<Dialect>()> ctor);
  detail::OperationNameImpl *getOperationName(llvm::StringRef name);
  /// Registers an op of a loaded dialect.
  void registerOperation(std::unique_ptr<OpInfo> info);
  /// The registration of `name`, or null.
  const OpInfo *lookupRegisteredOperation(llvm::StringRef name);
  /// Every registered operation, in registration order.
  std::vector<const OpInfo *> getRegisteredOperations();
  detail::ContextImpl &getImpl() { return *impl; }

private:
  std::unique_ptr<detail::ContextImpl> impl;
};

template <typename DialectT>
Dialect *DialectRegistry::loadDialect(Context *context) {
  return context->getOrLoadDialect<DialectT>();
}

} // namespace tilt

#endif // TILT_IR_CONTEXT_H
