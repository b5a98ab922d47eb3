//===- Context.cpp - The owner of uniqued IR data -------------------------===//

#include "tilt/IR/Context.h"
#include "AttributeDetail.h"
#include "ContextImpl.h"
#include "tilt/IR/BuiltinOps.h"

using namespace tilt;
using namespace tilt::detail;

//===----------------------------------------------------------------------===//
// DialectRegistry
//===----------------------------------------------------------------------===//

void DialectRegistry::insert(TypeID typeID, llvm::StringRef name,
                             Constructor constructor) {
  for (auto &entry : entries)
    if (std::get<0>(entry) == name)
      return;
  entries.emplace_back(name.str(), typeID, std::move(constructor));
}
const DialectRegistry::Constructor *
DialectRegistry::lookup(llvm::StringRef name) const {
  for (auto &entry : entries)
    if (std::get<0>(entry) == name)
      return &std::get<2>(entry);
  return nullptr;
}
std::vector<llvm::StringRef> DialectRegistry::getDialectNames() const {
  std::vector<llvm::StringRef> names;
  for (auto &entry : entries)
    names.push_back(std::get<0>(entry));
  return names;
}
void DialectRegistry::appendTo(DialectRegistry &other) const {
  for (auto &entry : entries)
    other.insert(std::get<1>(entry), std::get<0>(entry), std::get<2>(entry));
}

//===----------------------------------------------------------------------===//
// Context
//===----------------------------------------------------------------------===//

Context::Context() : impl(std::make_unique<ContextImpl>()) {
  ContextImpl &state = *impl;
  auto initSingleton = [&](SingletonTypeStorage &storage, TypeID id,
                           unsigned kind) {
    storage.typeID = id;
    storage.context = this;
    storage.kind = kind;
  };
  for (unsigned kind = 0; kind < 4; ++kind)
    initSingleton(state.floatTypes[kind], FloatType::getTypeID(), kind);
  initSingleton(state.indexType, IndexType::getTypeID(), 0);
  initSingleton(state.noneType, NoneType::getTypeID(), 0);
  static const unsigned commonWidths[] = {1, 8, 16, 32, 64};
  for (unsigned i = 0; i < 5; ++i)
    state.commonIntegers[i] = state.uniquer.get<IntegerTypeStorage>(
        IntegerType::getTypeID(), this, nullptr,
        IntegerTypeStorage::KeyTy(commonWidths[i], IntegerType::Signless));

  StorageAllocator &allocator = state.uniquer.getAllocatorUnlocked();
  auto *unit = new (allocator.allocate<UnitAttrStorage>()) UnitAttrStorage();
  unit->typeID = UnitAttr::getTypeID();
  unit->context = this;
  state.unitAttr = unit;
  Type i1(state.commonIntegers[0]);
  for (bool value : {false, true}) {
    BaseStorage *storage = state.uniquer.get<IntegerAttrStorage>(
        IntegerAttr::getTypeID(), this, nullptr,
        IntegerAttrStorage::KeyTy(i1, llvm::APInt(1, value)));
    (value ? state.trueAttr : state.falseAttr) = storage;
  }
  state.emptyDictionary = state.uniquer.get<DictionaryAttrStorage>(
      DictionaryAttr::getTypeID(), this, nullptr,
      llvm::ArrayRef<NamedAttribute>());
  state.emptyString = state.uniquer.get<StringAttrStorage>(
      StringAttr::getTypeID(), this, nullptr,
      StringAttrStorage::KeyTy(llvm::StringRef(), Type()));

  getOrLoadDialect<BuiltinDialect>();
}

Context::Context(const DialectRegistry &registry) : Context() {
  appendDialectRegistry(registry);
}

Context::~Context() = default;

Dialect *Context::getLoadedDialect(llvm::StringRef name) {
  std::lock_guard<std::recursive_mutex> lock(impl->dialectMutex);
  auto it = impl->dialects.find(name);
  return it == impl->dialects.end() ? nullptr : it->second.get();
}

Dialect *Context::getOrLoadDialect(llvm::StringRef name) {
  if (Dialect *dialect = getLoadedDialect(name))
    return dialect;
  const DialectRegistry::Constructor *ctor = impl->registry.lookup(name);
  return ctor ? (*ctor)(this) : nullptr;
}

Dialect *
Context::getOrLoadDialect(llvm::StringRef name, TypeID typeID,
                          llvm::function_ref<std::unique_ptr<Dialect>()> ctor) {
  std::lock_guard<std::recursive_mutex> lock(impl->dialectMutex);
  auto it = impl->dialects.find(name);
  if (it != impl->dialects.end())
    return it->second.get();
  // Insert first so that the constructor (which registers ops) can find it.
  std::unique_ptr<Dialect> &slot = impl->dialects[name];
  std::unique_ptr<Dialect> dialect = ctor();
  Dialect *result = dialect.get();
  slot = std::move(dialect);
  impl->dialectOrder.push_back(result);
  // Names created before the dialect was loaded now belong to it.
  std::unique_lock<std::shared_mutex> nameLock(impl->operationNameMutex);
  for (auto &nameImpl : impl->operationNameStorage)
    if (!nameImpl->dialect &&
        nameImpl->name.split('.').first == result->getNamespace())
      nameImpl->dialect = result;
  return result;
}

std::vector<Dialect *> Context::getLoadedDialects() {
  std::lock_guard<std::recursive_mutex> lock(impl->dialectMutex);
  return impl->dialectOrder;
}

void Context::appendDialectRegistry(const DialectRegistry &registry) {
  registry.appendTo(impl->registry);
}
const DialectRegistry &Context::getDialectRegistry() { return impl->registry; }
void Context::loadAllAvailableDialects() {
  for (llvm::StringRef name : impl->registry.getDialectNames())
    getOrLoadDialect(name);
}

bool Context::allowsUnregisteredDialects() const {
  return impl->allowUnregistered;
}
void Context::allowUnregisteredDialects(bool allow) {
  impl->allowUnregistered = allow;
}
bool Context::isMultithreadingEnabled() const { return impl->threadingEnabled; }
void Context::disableMultithreading(bool disable) {
  impl->threadingEnabled = !disable;
  impl->uniquer.setThreadingEnabled(!disable);
}
llvm::ThreadPool &Context::getThreadPool() {
  std::lock_guard<std::mutex> lock(impl->threadPoolMutex);
  if (!impl->threadPool)
    impl->threadPool = std::make_unique<llvm::ThreadPool>();
  return *impl->threadPool;
}
DiagnosticEngine &Context::getDiagEngine() { return impl->diagEngine; }
StorageUniquer &Context::getUniquer() { return impl->uniquer; }

//===----------------------------------------------------------------------===//
// Operation names
//===----------------------------------------------------------------------===//

OperationNameImpl *Context::getOperationName(llvm::StringRef name) {
  bool threaded = impl->threadingEnabled;
  if (threaded) {
    std::shared_lock<std::shared_mutex> lock(impl->operationNameMutex);
    auto it = impl->operationNames.find(name);
    if (it != impl->operationNames.end())
      return it->second;
  } else {
    auto it = impl->operationNames.find(name);
    if (it != impl->operationNames.end())
      return it->second;
  }
  // The identifier is uniqued before taking the name lock.
  StringAttr nameAttr = StringAttr::get(this, name);
  std::unique_lock<std::shared_mutex> lock(impl->operationNameMutex,
                                           std::defer_lock);
  if (threaded)
    lock.lock();
  auto inserted = impl->operationNames.try_emplace(name, nullptr);
  if (!inserted.second)
    return inserted.first->second;
  auto nameImpl = std::make_unique<OperationNameImpl>();
  nameImpl->name = inserted.first->getKey();
  nameImpl->nameAttr = nameAttr;
  auto registered = impl->registeredOps.find(name);
  if (registered != impl->registeredOps.end()) {
    nameImpl->info = registered->second;
    nameImpl->dialect = registered->second->dialect;
  } else {
    auto loaded = impl->dialects.find(name.split('.').first);
    if (loaded != impl->dialects.end())
      nameImpl->dialect = loaded->second.get();
  }
  inserted.first->second = nameImpl.get();
  impl->operationNameStorage.push_back(std::move(nameImpl));
  return inserted.first->second;
}

void Context::registerOperation(std::unique_ptr<OpInfo> info) {
  std::unique_lock<std::shared_mutex> lock(impl->operationNameMutex);
  impl->registeredOps[info->name] = info.get();
  auto it = impl->operationNames.find(info->name);
  if (it != impl->operationNames.end()) {
    it->second->info = info.get();
    it->second->dialect = info->dialect;
  }
  impl->opInfos.push_back(std::move(info));
}

const OpInfo *Context::lookupRegisteredOperation(llvm::StringRef name) {
  std::shared_lock<std::shared_mutex> lock(impl->operationNameMutex);
  auto it = impl->registeredOps.find(name);
  return it == impl->registeredOps.end() ? nullptr : it->second;
}

std::vector<const OpInfo *> Context::getRegisteredOperations() {
  std::shared_lock<std::shared_mutex> lock(impl->operationNameMutex);
  std::vector<const OpInfo *> result;
  for (const auto &info : impl->opInfos)
    result.push_back(info.get());
  return result;
}

OperationName::OperationName(llvm::StringRef name, Context *context)
    : impl(context->getOperationName(name)) {}

llvm::StringRef OperationName::getDialectNamespace() const {
  return impl->name.split('.').first;
}

OpInfo::~OpInfo() = default;
