//===- ContextImpl.h - The private state of a Context -----------*- C++ -*-===//
#ifndef TILT_LIB_IR_CONTEXTIMPL_H
#define TILT_LIB_IR_CONTEXTIMPL_H

#include "TypeDetail.h"
#include "tilt/IR/Context.h"
#include "tilt/IR/Diagnostics.h"
#include "tilt/IR/Dialect.h"
#include "tilt/IR/OperationSupport.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/ThreadPool.h"
#include <mutex>
#include <shared_mutex>

namespace tilt {
namespace detail {

struct ContextImpl {
  StorageUniquer uniquer;
  DiagnosticEngine diagEngine;
  DialectRegistry registry;
  bool allowUnregistered = false;
  bool threadingEnabled = true;
  std::unique_ptr<llvm::ThreadPool> threadPool;
  std::mutex threadPoolMutex;

  /// Loaded dialects by namespace, in load order.
  llvm::StringMap<std::unique_ptr<Dialect>> dialects;
  std::vector<Dialect *> dialectOrder;
  std::recursive_mutex dialectMutex;

  /// Operation names and registrations.
  llvm::StringMap<OperationNameImpl *> operationNames;
  std::vector<std::unique_ptr<OperationNameImpl>> operationNameStorage;
  std::vector<std::unique_ptr<OpInfo>> opInfos;
  llvm::StringMap<const OpInfo *> registeredOps;
  std::shared_mutex operationNameMutex;

  // Singletons and common types, cached for speed.
  SingletonTypeStorage floatTypes[4];
  SingletonTypeStorage indexType;
  SingletonTypeStorage noneType;
  IntegerTypeStorage *commonIntegers[5] = {};
  BaseStorage *unitAttr = nullptr;
  BaseStorage *trueAttr = nullptr;
  BaseStorage *falseAttr = nullptr;
  BaseStorage *emptyDictionary = nullptr;
  BaseStorage *emptyString = nullptr;
};

} // namespace detail
} // namespace tilt

#endif // TILT_LIB_IR_CONTEXTIMPL_H
