//===- OperationParser.cpp - Operations, regions, blocks and SSA names ----===//
//
// Parses top-level entities (aliases, file metadata, operations), generic and
// custom operations, regions, blocks and successors. SSA names are scoped as
// MLIR scopes them: an isolated-from-above op starts a fresh table; a name
// defined in a nested region goes out of scope at its end. Uses before
// definitions get forward-reference values that are replaced when the
// definition comes. Numeric names (`%12`) are looked up in a vector rather than
// hashed.
//
//===----------------------------------------------------------------------===//

#include "AsmParserImpl.h"
#include "tilt/IR/Dialect.h"
#include "tilt/IR/Verifier.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace tilt;
using namespace tilt::detail;

namespace {

using UnresolvedOperand = OpAsmParser::UnresolvedOperand;

/// A defined name: its first value (null when undefined). A name bound to
/// a group of results (`%x:2`) has its count in groupSizes.
struct ValueEntry {
  detail::ValueImpl *value = nullptr;
  /// Where the name is defined (the `%name` token, as MLIR's notes show).
  llvm::SMLoc loc;
};

/// A use of a name before its definition.
struct ForwardRef {
  detail::ValueImpl *forwardValue;
  llvm::SMLoc loc;
};

/// The SSA names of one isolated-from-above scope.
struct IsolatedNameScope {
  std::vector<ValueEntry> numbered;
  llvm::DenseMap<detail::ValueImpl *, unsigned> groupSizes;
  llvm::DenseMap<llvm::StringRef, ValueEntry> named;
  llvm::DenseMap<std::pair<llvm::StringRef, unsigned>, ForwardRef> forwardRefs;
  /// Names defined in each open region, to drop when it closes (recorded
  /// only for regions nested in the scope's outermost one).
  llvm::SmallVector<llvm::SmallVector<llvm::StringRef, 8>, 4> regionDefinitions;
};

/// A block name in the current region.
struct BlockDefinition {
  Block *block = nullptr;
  llvm::SMLoc loc;
  bool defined = false;
};

/// The largest `%N` kept in the vector table.
constexpr uint64_t kMaxNumberedName = 1u << 24;

class OperationParser : public Parser {
public:
  OperationParser(ParserState &state, Block *topLevelBlock)
      : Parser(state), topLevelBlock(topLevelBlock) {
    // The file is the outermost scope: names defined in any region nested
    // in it must be tracked so that they go out of scope.
    pushIsolatedScope();
    isolatedScopes.back()->regionDefinitions.emplace_back();
  }
  ~OperationParser();

  LogicalResult parseTopLevel();
  LogicalResult finalize();

  //===--------------------------------------------------------------------===//
  // Operations
  //===--------------------------------------------------------------------===//

  LogicalResult parseOperation(Block *block);
  Operation *parseGenericOperation();
  Operation *parseCustomOperation();
  LogicalResult parseTrailingLocation(Operation *op);
  /// Loads the dialect of `name` (cached for runs of the same prefix).
  Dialect *loadDialectFor(llvm::StringRef name);

  //===--------------------------------------------------------------------===//
  // Regions and blocks
  //===--------------------------------------------------------------------===//

  LogicalResult parseRegion(Region &region,
                            llvm::ArrayRef<OpAsmParser::Argument> entryArgs,
                            bool isIsolatedNameScope);
  LogicalResult parseBlock(Region &region, bool isEntry,
                           llvm::ArrayRef<OpAsmParser::Argument> entryArgs);
  LogicalResult parseBlockBody(Block *block);
  Block *getBlockNamed(llvm::StringRef name, llvm::SMLoc loc);
  LogicalResult parseSuccessor(Block *&dest);

  //===--------------------------------------------------------------------===//
  // SSA names
  //===--------------------------------------------------------------------===//

  LogicalResult parseSSAUse(UnresolvedOperand &result,
                            bool allowResultNumber = true);
  OptionalParseResult parseOptionalSSAUse(UnresolvedOperand &result) {
    if (getToken().isNot(Token::percent_identifier))
      return std::nullopt;
    return parseSSAUse(result);
  }
  Value resolveSSAUse(const UnresolvedOperand &use, Type type);
  /// Defines `name` as `count` results starting at `first`, or as a block
  /// argument (count 1).
  LogicalResult addDefinition(llvm::StringRef name, llvm::SMLoc loc,
                              detail::ValueImpl *first, unsigned count);
  LogicalResult parseArgument(OpAsmParser::Argument &result, bool allowType,
                              bool allowAttrs);
  LogicalResult defineArguments(Block *block,
                                llvm::ArrayRef<OpAsmParser::Argument> args);

  /// A fresh scope: its outermost region's names need no tracking, since
  /// the whole scope goes away at once.
  void pushIsolatedScope() {
    isolatedScopes.push_back(std::make_unique<IsolatedNameScope>());
  }
  LogicalResult popIsolatedScope();
  void pushRegionScope() {
    isolatedScopes.back()->regionDefinitions.emplace_back();
    blockScopes.emplace_back();
  }
  LogicalResult popRegionScope(Region &region);

  /// The dialects whose ops may omit their prefix, innermost last.
  llvm::SmallVector<llvm::StringRef, 4> defaultDialectStack{"builtin"};

private:
  ValueEntry *lookupEntry(llvm::StringRef name);
  ValueEntry &getOrCreateEntry(llvm::StringRef name);
  static Value getResultInGroup(const ValueEntry &entry, unsigned index);
  unsigned getGroupSize(const ValueEntry &entry) {
    auto &sizes = isolatedScopes.back()->groupSizes;
    if (sizes.empty())
      return 1;
    auto it = sizes.find(entry.value);
    return it == sizes.end() ? 1 : it->second;
  }

  Block *topLevelBlock;
  llvm::SmallVector<std::unique_ptr<IsolatedNameScope>, 4> isolatedScopes;
  llvm::SmallVector<llvm::DenseMap<llvm::StringRef, BlockDefinition>, 4>
      blockScopes;
  /// Forward-reference values, freed (after dropping their uses) at the end.
  std::vector<detail::ValueImpl *> forwardValues;
  /// Blocks referenced as successors but not (yet) placed in a region; the
  /// parser owns them until they are.
  llvm::DenseSet<Block *> orphanBlocks;
  std::string cachedDialectPrefix;
  Dialect *cachedDialect = nullptr;

  friend class CustomOpAsmParser;
};

//===----------------------------------------------------------------------===//
// CustomOpAsmParser
//===----------------------------------------------------------------------===//

class CustomOpAsmParser : public AsmParserImpl<OpAsmParser> {
public:
  CustomOpAsmParser(OperationParser &parser, llvm::SMLoc nameLoc,
                    const OpInfo *info)
      : AsmParserImpl<OpAsmParser>(parser, nameLoc), opParser(parser),
        info(info) {}

  /// As MLIR's custom-op parser: errors that the op's parser reports name
  /// the op (`custom op 'func.call' ...`); token errors do not.
  InFlightDiagnostic emitError(llvm::SMLoc loc,
                               const llvm::Twine &message) override {
    return opParser.emitError(loc, "custom op '" + info->name + "' " +
                                       message);
  }

  LogicalResult parseOperand(UnresolvedOperand &result) override {
    return opParser.parseSSAUse(result);
  }
  OptionalParseResult parseOptionalOperand(UnresolvedOperand &result) override {
    return opParser.parseOptionalSSAUse(result);
  }
  LogicalResult
  parseOperandList(llvm::SmallVectorImpl<UnresolvedOperand> &result,
                   Delimiter delimiter) override {
    if (delimiter == Delimiter::None &&
        opParser.getToken().isNot(Token::percent_identifier))
      return success();
    return opParser.parseCommaSeparatedList(delimiter, [&]() -> LogicalResult {
      UnresolvedOperand operand;
      if (failed(opParser.parseSSAUse(operand)))
        return failure();
      result.push_back(operand);
      return success();
    });
  }
  LogicalResult resolveOperand(const UnresolvedOperand &operand, Type type,
                               llvm::SmallVectorImpl<Value> &result) override {
    Value value = opParser.resolveSSAUse(operand, type);
    if (!value)
      return failure();
    result.push_back(value);
    return success();
  }
  LogicalResult parseArgument(Argument &result, bool allowType,
                              bool allowAttrs) override {
    return opParser.parseArgument(result, allowType, allowAttrs);
  }
  OptionalParseResult parseOptionalArgument(Argument &result, bool allowType,
                                            bool allowAttrs) override {
    if (opParser.getToken().isNot(Token::percent_identifier))
      return std::nullopt;
    return parseArgument(result, allowType, allowAttrs);
  }
  LogicalResult parseArgumentList(llvm::SmallVectorImpl<Argument> &result,
                                  Delimiter delimiter, bool allowType,
                                  bool allowAttrs) override {
    if (delimiter == Delimiter::None &&
        opParser.getToken().isNot(Token::percent_identifier))
      return success();
    return opParser.parseCommaSeparatedList(delimiter, [&]() -> LogicalResult {
      Argument argument;
      if (failed(parseArgument(argument, allowType, allowAttrs)))
        return failure();
      result.push_back(argument);
      return success();
    });
  }
  OptionalParseResult parseOptionalAssignmentList(
      llvm::SmallVectorImpl<Argument> &arguments,
      llvm::SmallVectorImpl<UnresolvedOperand> &values) override {
    if (!parseOptionalLParen())
      return std::nullopt;
    if (parseOptionalRParen())
      return success();
    do {
      Argument argument;
      UnresolvedOperand value;
      if (failed(parseArgument(argument, /*allowType=*/false,
                               /*allowAttrs=*/false)) ||
          failed(parseEqual()) || failed(parseOperand(value)))
        return failure();
      arguments.push_back(argument);
      values.push_back(value);
    } while (parseOptionalComma());
    return opParser.parseToken(Token::r_paren, "expected ',' or ')'");
  }
  LogicalResult parseRegion(Region &region, llvm::ArrayRef<Argument> arguments,
                            bool enableNameShadowing) override {
    bool isolated = info->hasTrait(TypeID::get<OpTrait::IsIsolatedFromAbove>());
    opParser.defaultDialectStack.push_back(info->getDefaultDialect());
    LogicalResult result = opParser.parseRegion(region, arguments, isolated);
    opParser.defaultDialectStack.pop_back();
    return result;
  }
  OptionalParseResult parseOptionalRegion(Region &region,
                                          llvm::ArrayRef<Argument> arguments,
                                          bool enableNameShadowing) override {
    if (opParser.getToken().isNot(Token::l_brace))
      return std::nullopt;
    return parseRegion(region, arguments, enableNameShadowing);
  }
  LogicalResult parseSuccessor(Block *&dest) override {
    return opParser.parseSuccessor(dest);
  }
  OptionalParseResult parseOptionalSuccessor(Block *&dest) override {
    if (opParser.getToken().isNot(Token::caret_identifier))
      return std::nullopt;
    return parseSuccessor(dest);
  }

private:
  OperationParser &opParser;
  const OpInfo *info;
};

} // namespace

//===----------------------------------------------------------------------===//
// Cleanup
//===----------------------------------------------------------------------===//

OperationParser::~OperationParser() {
  // On failure, IR may still use forward-reference values and orphan blocks:
  // drop those uses before freeing them. (On success there are none.)
  for (detail::ValueImpl *forwardValue : forwardValues) {
    forwardValue->dropAllUses();
    delete static_cast<detail::BlockArgumentImpl *>(forwardValue);
  }
  for (Block *block : orphanBlocks) {
    block->dropAllUses();
    delete block;
  }
}

//===----------------------------------------------------------------------===//
// SSA names
//===----------------------------------------------------------------------===//

static std::optional<uint64_t> getNumberedName(llvm::StringRef name) {
  // `name` includes the `%`.
  if (name.empty())
    return std::nullopt;
  llvm::StringRef digits = name.drop_front();
  if (digits.empty() || !llvm::isDigit(digits[0]) || digits.size() > 8)
    return std::nullopt;
  uint64_t number = 0;
  if (digits.getAsInteger(10, number) || number >= kMaxNumberedName)
    return std::nullopt;
  return number;
}

ValueEntry *OperationParser::lookupEntry(llvm::StringRef name) {
  IsolatedNameScope &scope = *isolatedScopes.back();
  if (std::optional<uint64_t> number = getNumberedName(name)) {
    if (*number >= scope.numbered.size() || !scope.numbered[*number].value)
      return nullptr;
    return &scope.numbered[*number];
  }
  auto it = scope.named.find(name);
  return it == scope.named.end() ? nullptr : &it->second;
}

ValueEntry &OperationParser::getOrCreateEntry(llvm::StringRef name) {
  IsolatedNameScope &scope = *isolatedScopes.back();
  if (std::optional<uint64_t> number = getNumberedName(name)) {
    if (*number >= scope.numbered.size())
      scope.numbered.resize(
          std::max<size_t>(*number + 1, scope.numbered.size() * 2));
    return scope.numbered[*number];
  }
  return scope.named[name];
}

Value OperationParser::getResultInGroup(const ValueEntry &entry,
                                        unsigned index) {
  Value first(entry.value);
  if (index == 0)
    return first;
  OpResult result = first.cast<OpResult>();
  return result.getOwner()->getResult(result.getResultNumber() + index);
}

LogicalResult OperationParser::parseSSAUse(UnresolvedOperand &result,
                                           bool allowResultNumber) {
  if (getToken().isNot(Token::percent_identifier))
    return emitWrongTokenError("expected SSA operand");
  result.location = getToken().getLoc();
  result.name = getToken().getSpelling();
  result.number = 0;
  consumeToken();
  if (getToken().is(Token::hash_identifier)) {
    llvm::StringRef spelling = getToken().getSpelling();
    // `%x#1` lexes as a `#1` identifier right after the name.
    if (spelling.data() != result.name.end())
      return success();
    if (!allowResultNumber)
      return emitError("result number not allowed in argument list");
    uint64_t number = 0;
    if (spelling.drop_front().getAsInteger(10, number) || number > UINT32_MAX)
      return emitError("invalid SSA value result number");
    result.number = unsigned(number);
    consumeToken();
  }
  return success();
}

Value OperationParser::resolveSSAUse(const UnresolvedOperand &use, Type type) {
  if (ValueEntry *entry = lookupEntry(use.name)) {
    if (use.number >= getGroupSize(*entry)) {
      emitError(use.location, "reference to invalid result number");
      return Value();
    }
    Value value = getResultInGroup(*entry, use.number);
    if (value.getType() == type)
      return value;
    InFlightDiagnostic diag = emitError(use.location);
    diag << "use of value '" << use.name
         << "' expects different type than prior uses: " << type << " vs "
         << value.getType();
    diag.attachNote(getEncodedSourceLocation(entry->loc)) << "prior use here";
    return Value();
  }
  IsolatedNameScope &scope = *isolatedScopes.back();
  auto key = std::make_pair(use.name, use.number);
  auto it = scope.forwardRefs.find(key);
  if (it != scope.forwardRefs.end()) {
    Value forwardValue(it->second.forwardValue);
    if (forwardValue.getType() == type)
      return forwardValue;
    InFlightDiagnostic diag = emitError(use.location);
    diag << "use of value '" << use.name
         << "' expects different type than prior uses: " << type << " vs "
         << forwardValue.getType();
    diag.attachNote(getEncodedSourceLocation(it->second.loc))
        << "prior use here";
    return Value();
  }
  auto *forwardValue = new detail::BlockArgumentImpl(
      type, nullptr, 0, getEncodedSourceLocation(use.location));
  forwardValues.push_back(forwardValue);
  scope.forwardRefs.try_emplace(key, ForwardRef{forwardValue, use.location});
  return Value(forwardValue);
}

LogicalResult OperationParser::addDefinition(llvm::StringRef name,
                                             llvm::SMLoc loc,
                                             detail::ValueImpl *first,
                                             unsigned count) {
  IsolatedNameScope &scope = *isolatedScopes.back();
  ValueEntry &entry = getOrCreateEntry(name);
  if (entry.value) {
    InFlightDiagnostic diag = emitError(loc);
    diag << "redefinition of SSA value '" << name << "'";
    diag.attachNote(getEncodedSourceLocation(entry.loc))
        << "previously defined here";
    return failure();
  }
  entry.value = first;
  entry.loc = loc;
  if (count != 1)
    scope.groupSizes[first] = count;
  if (isolatedScopes.back()->regionDefinitions.size() > 1)
    scope.regionDefinitions.back().push_back(name);
  if (scope.forwardRefs.empty())
    return success();
  for (unsigned i = 0; i < count; ++i) {
    auto it = scope.forwardRefs.find(std::make_pair(name, i));
    if (it == scope.forwardRefs.end())
      continue;
    Value forwardValue(it->second.forwardValue);
    Value value = getResultInGroup(entry, i);
    if (forwardValue.getType() != value.getType()) {
      InFlightDiagnostic diag = emitError(loc);
      diag << "definition of SSA value '" << name << "#" << i << "' has type "
           << value.getType();
      diag.attachNote(getEncodedSourceLocation(it->second.loc))
          << "previously used here with type " << forwardValue.getType();
      return failure();
    }
    forwardValue.replaceAllUsesWith(value);
    scope.forwardRefs.erase(it);
  }
  return success();
}

LogicalResult OperationParser::popIsolatedScope() {
  IsolatedNameScope &scope = *isolatedScopes.back();
  if (!scope.forwardRefs.empty()) {
    // Report the first use in the text.
    const ForwardRef *first = nullptr;
    for (auto &entry : scope.forwardRefs)
      if (!first || entry.second.loc.getPointer() < first->loc.getPointer())
        first = &entry.second;
    emitError(first->loc, "use of undeclared SSA value name");
    return failure();
  }
  isolatedScopes.pop_back();
  return success();
}

LogicalResult OperationParser::popRegionScope(Region &region) {
  IsolatedNameScope &scope = *isolatedScopes.back();
  for (llvm::StringRef name : scope.regionDefinitions.back()) {
    if (std::optional<uint64_t> number = getNumberedName(name))
      scope.numbered[*number] = ValueEntry();
    else
      scope.named.erase(name);
  }
  scope.regionDefinitions.pop_back();

  llvm::DenseMap<llvm::StringRef, BlockDefinition> blocks =
      std::move(blockScopes.back());
  blockScopes.pop_back();
  const BlockDefinition *undefined = nullptr;
  for (auto &entry : blocks)
    if (!entry.second.defined &&
        (!undefined ||
         entry.second.loc.getPointer() < undefined->loc.getPointer()))
      undefined = &entry.second;
  if (undefined)
    return emitError(undefined->loc, "reference to an undefined block");
  return success();
}

LogicalResult OperationParser::parseArgument(OpAsmParser::Argument &result,
                                             bool allowType, bool allowAttrs) {
  if (failed(parseSSAUse(result.ssaName, /*allowResultNumber=*/false)))
    return failure();
  if (!allowType)
    return success();
  if (failed(parseToken(Token::colon, "expected ':'")))
    return failure();
  result.type = parseType();
  if (!result.type)
    return failure();
  if (allowAttrs && getToken().is(Token::l_brace)) {
    NamedAttrList attrs;
    attrs.context = getContext();
    if (failed(parseAttributeDict(attrs)))
      return failure();
    result.attrs = attrs.getDictionary(getContext());
  }
  if (getToken().isKeyword("loc")) {
    Location loc;
    if (failed(parseLocation(loc, nullptr)))
      return failure();
    result.sourceLoc = loc;
  }
  return success();
}

/// The name a block argument was given in the source, without `%`: none
/// for a number (`%0`) or the printer's default (`%arg0`), which say nothing
/// about the value.
static std::optional<llvm::StringRef> getSourceName(llvm::StringRef ssaName) {
  llvm::StringRef name = ssaName;
  name.consume_front("%");
  llvm::StringRef number = name;
  number.consume_front("arg");
  if (name.empty() || (!number.empty() && llvm::all_of(number, llvm::isDigit)))
    return std::nullopt;
  return name;
}

LogicalResult
OperationParser::defineArguments(Block *block,
                                 llvm::ArrayRef<OpAsmParser::Argument> args) {
  for (const OpAsmParser::Argument &arg : args) {
    Location loc = arg.sourceLoc
                       ? *arg.sourceLoc
                       : getEncodedSourceLocation(arg.ssaName.location);
    if (!arg.sourceLoc && state.config.retainSSANames)
      if (std::optional<llvm::StringRef> name = getSourceName(arg.ssaName.name))
        loc = Location::getName(getContext(), *name, loc);
    BlockArgument value = block->addArgument(arg.type, loc);
    if (failed(addDefinition(arg.ssaName.name, arg.ssaName.location,
                             value.getImpl(), 1)))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Blocks and regions
//===----------------------------------------------------------------------===//

Block *OperationParser::getBlockNamed(llvm::StringRef name, llvm::SMLoc loc) {
  BlockDefinition &definition = blockScopes.back()[name];
  if (!definition.block) {
    definition.block = new Block();
    definition.loc = loc;
    orphanBlocks.insert(definition.block);
  }
  return definition.block;
}

LogicalResult OperationParser::parseSuccessor(Block *&dest) {
  if (getToken().isNot(Token::caret_identifier))
    return emitWrongTokenError("expected block name");
  if (blockScopes.empty())
    return emitError("successors are only allowed inside a region");
  dest = getBlockNamed(getToken().getSpelling(), getToken().getLoc());
  consumeToken();
  return success();
}

LogicalResult
OperationParser::parseRegion(Region &region,
                             llvm::ArrayRef<OpAsmParser::Argument> entryArgs,
                             bool isIsolatedNameScope) {
  llvm::SMLoc lbraceLoc = getToken().getLoc();
  if (failed(parseToken(Token::l_brace, "expected '{' to begin a region")))
    return failure();
  if (failed(enterNesting(lbraceLoc)))
    return failure();
  if (isIsolatedNameScope)
    pushIsolatedScope();
  pushRegionScope();

  LogicalResult result = success();
  if (getToken().is(Token::r_brace)) {
    // An empty region; arguments still need a block to live in.
    if (!entryArgs.empty()) {
      auto *entry = new Block();
      region.push_back(entry);
      result = defineArguments(entry, entryArgs);
    }
  } else {
    result = parseBlock(region, /*isEntry=*/true, entryArgs);
    while (succeeded(result) && getToken().is(Token::caret_identifier))
      result = parseBlock(region, /*isEntry=*/false, {});
  }
  if (succeeded(result) && getToken().isNot(Token::r_brace)) {
    InFlightDiagnostic diag =
        emitWrongTokenError("expected '}' to end the region");
    if (diag.isActive())
      diag.attachNote(getEncodedSourceLocation(lbraceLoc))
          << "the region starts here";
    result = failure();
  }
  if (succeeded(result)) {
    consumeToken();
    result = popRegionScope(region);
    if (succeeded(result) && isIsolatedNameScope)
      result = popIsolatedScope();
  }
  exitNesting();
  return result;
}

LogicalResult
OperationParser::parseBlock(Region &region, bool isEntry,
                            llvm::ArrayRef<OpAsmParser::Argument> entryArgs) {
  Block *block = nullptr;
  if (getToken().isNot(Token::caret_identifier)) {
    // An unlabeled entry block.
    block = new Block();
    region.push_back(block);
    if (failed(defineArguments(block, entryArgs)))
      return failure();
    return parseBlockBody(block);
  }
  llvm::StringRef name = getToken().getSpelling();
  llvm::SMLoc nameLoc = getToken().getLoc();
  if (isEntry && !entryArgs.empty())
    return emitError("invalid block name in region with named arguments");
  BlockDefinition &definition = blockScopes.back()[name];
  if (definition.defined)
    return emitError(nameLoc, "redefinition of block '" + name + "'");
  if (!definition.block)
    definition.block = new Block();
  definition.defined = true;
  definition.loc = nameLoc;
  block = definition.block;
  orphanBlocks.erase(block);
  region.push_back(block);
  consumeToken();

  if (consumeIf(Token::l_paren) && !consumeIf(Token::r_paren)) {
    LogicalResult result = parseCommaSeparatedList(Delimiter::None, [&]() {
      OpAsmParser::Argument argument;
      if (failed(parseArgument(argument, /*allowType=*/true,
                               /*allowAttrs=*/false)))
        return failure();
      return defineArguments(block, argument);
    });
    if (failed(result) ||
        failed(parseToken(Token::r_paren, "expected ')' to end argument list")))
      return failure();
  }
  if (failed(parseToken(Token::colon, "expected ':' after block name")))
    return failure();
  return parseBlockBody(block);
}

LogicalResult OperationParser::parseBlockBody(Block *block) {
  while (getToken().isNot(Token::caret_identifier) &&
         getToken().isNot(Token::r_brace)) {
    if (getToken().is(Token::eof))
      return success(); // The caller reports the missing `}`.
    if (failed(parseOperation(block)))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Operations
//===----------------------------------------------------------------------===//

Dialect *OperationParser::loadDialectFor(llvm::StringRef name) {
  llvm::StringRef prefix = name.split('.').first;
  if (cachedDialect && prefix == cachedDialectPrefix)
    return cachedDialect;
  cachedDialect = getContext()->getOrLoadDialect(prefix);
  // `name` may be a temporary: keep a copy of the prefix.
  cachedDialectPrefix = prefix.str();
  return cachedDialect;
}

LogicalResult OperationParser::parseOperation(Block *block) {
  llvm::SMLoc loc = getToken().getLoc();
  state.releaseConsumedSource(loc.getPointer());
  struct ResultRecord {
    llvm::StringRef name;
    unsigned count;
    llvm::SMLoc loc;
  };
  llvm::SmallVector<ResultRecord, 1> results;
  unsigned numExpected = 0;
  if (getToken().is(Token::percent_identifier)) {
    auto parseResult = [&]() -> LogicalResult {
      if (getToken().isNot(Token::percent_identifier))
        return emitWrongTokenError("expected valid ssa identifier");
      ResultRecord record{getToken().getSpelling(), 1, getToken().getLoc()};
      consumeToken();
      if (consumeIf(Token::colon)) {
        std::optional<uint64_t> count;
        if (getToken().is(Token::integer))
          count = getToken().getUInt64IntegerValue();
        if (!count || *count < 1 || *count > UINT32_MAX)
          return emitWrongTokenError("expected integer number of results");
        record.count = unsigned(*count);
        consumeToken();
      }
      numExpected += record.count;
      results.push_back(record);
      return success();
    };
    if (failed(parseCommaSeparatedList(Delimiter::None, parseResult)) ||
        failed(parseToken(Token::equal, "expected '=' after SSA name")))
      return failure();
  }

  Operation *op = nullptr;
  if (getToken().is(Token::string))
    op = parseGenericOperation();
  else if (getToken().is(Token::bare_identifier))
    op = parseCustomOperation();
  else {
    emitWrongTokenError("expected operation name in quotes");
    return failure();
  }
  if (!op)
    return failure();
  block->push_back(op);
  if (failed(parseTrailingLocation(op)))
    return failure();

  if (results.empty())
    return success();
  if (op->getNumResults() == 0)
    return emitError(loc, "cannot name an operation with no results");
  if (op->getNumResults() != numExpected)
    return emitError(loc, "operation defines " +
                              llvm::Twine(op->getNumResults()) +
                              " results but was provided " +
                              llvm::Twine(numExpected) + " to bind");
  unsigned resultIndex = 0;
  for (const ResultRecord &record : results) {
    if (failed(addDefinition(record.name, record.loc,
                             op->getResultImpl(resultIndex), record.count)))
      return failure();
    resultIndex += record.count;
  }
  return success();
}

LogicalResult OperationParser::parseTrailingLocation(Operation *op) {
  if (!getToken().isKeyword("loc"))
    return success();
  llvm::SMLoc loc = getToken().getLoc();
  Location parsed;
  std::string deferredAlias;
  if (failed(parseLocation(parsed, &deferredAlias)))
    return failure();
  if (!deferredAlias.empty()) {
    state.deferredLocations.push_back(
        DeferredLocation{loc, std::move(deferredAlias), op, nullptr});
    return success();
  }
  op->setLoc(parsed);
  return success();
}

Operation *OperationParser::parseGenericOperation() {
  llvm::SMLoc nameLoc = getToken().getLoc();
  std::string name = getToken().getStringValue();
  if (name.empty()) {
    emitError(nameLoc, "empty operation name is invalid");
    return nullptr;
  }
  if (name.find('\0') != std::string::npos) {
    emitError(nameLoc, "null character not allowed in operation name");
    return nullptr;
  }
  consumeToken();
  Context *context = getContext();
  Dialect *dialect = loadDialectFor(name);
  OperationState state(getEncodedSourceLocation(nameLoc), name, context);
  if (!state.name.isRegistered() && !dialect &&
      !context->allowsUnregisteredDialects()) {
    emitError("operation being parsed with an unregistered dialect. If this "
              "is intended, please use -allow-unregistered-dialect with the "
              "Tilt tool used");
    return nullptr;
  }

  // Operands.
  llvm::SmallVector<UnresolvedOperand, 4> operands;
  if (failed(parseToken(Token::l_paren, "expected '(' to start operand list")))
    return nullptr;
  if (!consumeIf(Token::r_paren)) {
    if (failed(parseCommaSeparatedList(Delimiter::None,
                                       [&]() {
                                         UnresolvedOperand operand;
                                         if (failed(parseSSAUse(operand)))
                                           return failure();
                                         operands.push_back(operand);
                                         return success();
                                       })) ||
        failed(parseToken(Token::r_paren, "expected ')' to end operand list")))
      return nullptr;
  }

  // Successors.
  if (getToken().is(Token::l_square)) {
    if (failed(parseCommaSeparatedList(Delimiter::Square, [&]() {
          Block *dest;
          if (failed(parseSuccessor(dest)))
            return failure();
          state.successors.push_back(dest);
          return success();
        })))
      return nullptr;
  }

  // Properties.
  if (consumeIf(Token::less)) {
    if (getToken().isNot(Token::l_brace)) {
      emitWrongTokenError("expected '{' to start the properties dictionary");
      return nullptr;
    }
    if (failed(parseAttributeDict(state.properties)) ||
        failed(parseToken(Token::greater, "expected '>' to close properties")))
      return nullptr;
  }

  // Regions.
  if (consumeIf(Token::l_paren)) {
    bool isolated =
        state.name.hasTrait(TypeID::get<OpTrait::IsIsolatedFromAbove>());
    if (failed(parseCommaSeparatedList(Delimiter::None,
                                       [&]() {
                                         Region *region = state.addRegion();
                                         return parseRegion(*region, {},
                                                            isolated);
                                       })) ||
        failed(parseToken(Token::r_paren, "expected ')' to end region list")))
      return nullptr;
  }

  // Discardable attributes.
  if (getToken().is(Token::l_brace) &&
      failed(parseAttributeDict(state.attributes)))
    return nullptr;

  // Type signature.
  if (failed(parseToken(Token::colon, "expected ':' followed by operation "
                                      "type")))
    return nullptr;
  llvm::SMLoc typeLoc = getToken().getLoc();
  llvm::SmallVector<Type, 4> operandTypes;
  if (getToken().isNot(Token::l_paren)) {
    emitWrongTokenError("expected function type");
    return nullptr;
  }
  if (failed(parseFunctionTypeLists(operandTypes, state.types)))
    return nullptr;
  if (operandTypes.size() != operands.size()) {
    emitError(typeLoc, "expected " + llvm::Twine(operands.size()) +
                           " operand type" + (operands.size() == 1 ? "" : "s") +
                           " but had " + llvm::Twine(operandTypes.size()));
    return nullptr;
  }
  for (size_t i = 0; i < operands.size(); ++i) {
    Value value = resolveSSAUse(operands[i], operandTypes[i]);
    if (!value)
      return nullptr;
    state.operands.push_back(value);
  }
  return Operation::create(state);
}

Operation *OperationParser::parseCustomOperation() {
  llvm::SMLoc nameLoc = getToken().getLoc();
  llvm::StringRef spelling = getToken().getSpelling();
  Context *context = getContext();
  const OpInfo *info = nullptr;
  std::string fullName;
  if (spelling.contains('.')) {
    loadDialectFor(spelling);
    info = context->lookupRegisteredOperation(spelling);
    fullName = spelling.str();
  } else {
    llvm::StringRef defaultDialect = defaultDialectStack.back();
    if (!defaultDialect.empty()) {
      fullName = (defaultDialect + "." + spelling).str();
      loadDialectFor(fullName);
      info = context->lookupRegisteredOperation(fullName);
    }
  }
  if (!info) {
    llvm::StringRef prefix = spelling.split('.').first;
    if (spelling.contains('.') && !context->getLoadedDialect(prefix)) {
      emitError(nameLoc, "dialect '" + prefix + "' not found for custom op '" +
                             spelling + "'");
    } else if (!fullName.empty() && fullName != spelling) {
      emitError(nameLoc, "custom op '" + spelling + "' is unknown (tried '" +
                             fullName + "' as well)");
    } else {
      emitError(nameLoc, "custom op '" + spelling + "' is unknown");
    }
    return nullptr;
  }
  if (!info->hasCustomAssembly()) {
    emitError(nameLoc, "custom op '" + spelling +
                           "' has no custom assembly form; use the generic "
                           "form");
    return nullptr;
  }
  consumeToken();
  OperationState state(getEncodedSourceLocation(nameLoc),
                       OperationName(info->name, context));
  CustomOpAsmParser opParser(*this, nameLoc, info);
  if (failed(info->parseAssembly(opParser, state)))
    return nullptr;
  // A custom parser may return success after an error was reported.
  if (getState().hadError)
    return nullptr;
  return Operation::create(state);
}

//===----------------------------------------------------------------------===//
// Top level
//===----------------------------------------------------------------------===//

LogicalResult OperationParser::parseTopLevel() {
  while (true) {
    switch (getToken().getKind()) {
    case Token::eof:
      return finalize();
    case Token::error:
      return emitError(state.lex.getErrorMessage());
    case Token::hash_identifier: {
      // `#alias = attribute` or `#alias = loc(...)`.
      llvm::StringRef name = getToken().getSpelling().drop_front();
      llvm::SMLoc loc = getToken().getLoc();
      if (name.contains('.'))
        return emitError("attribute names with a '.' are reserved for "
                         "dialect-defined names");
      consumeToken();
      if (failed(parseToken(Token::equal, "expected '=' in attribute alias "
                                          "definition")))
        return failure();
      if (state.attributeAliases.count(name) ||
          state.locationAliases.count(name))
        return emitError(loc,
                         "redefinition of attribute alias id '" + name + "'");
      if (getToken().isKeyword("loc")) {
        Location parsed;
        if (failed(parseLocation(parsed, nullptr)))
          return failure();
        state.locationAliases[name] = parsed;
        break;
      }
      Attribute attr = parseAttribute();
      if (!attr)
        return failure();
      state.attributeAliases[name] = attr;
      break;
    }
    case Token::exclamation_identifier: {
      llvm::StringRef name = getToken().getSpelling().drop_front();
      llvm::SMLoc loc = getToken().getLoc();
      if (name.contains('.'))
        return emitError("type names with a '.' are reserved for "
                         "dialect-defined names");
      consumeToken();
      if (failed(parseToken(Token::equal, "expected '=' in type alias "
                                          "definition")))
        return failure();
      if (state.typeAliases.count(name))
        return emitError(loc, "redefinition of type alias id '" + name + "'");
      Type type = parseType();
      if (!type)
        return failure();
      state.typeAliases[name] = type;
      break;
    }
    case Token::file_metadata_begin: {
      // Resources are kept verbatim and printed back by the tools.
      const char *start = getToken().getSpelling().data();
      consumeToken();
      unsigned depth = 0;
      while (true) {
        if (getToken().is(Token::eof))
          return emitError(llvm::SMLoc::getFromPointer(start),
                           "expected '#-}' to end the file metadata");
        if (getToken().is(Token::error))
          return emitError(state.lex.getErrorMessage());
        if (getToken().is(Token::l_brace))
          ++depth;
        if (getToken().is(Token::r_brace) && depth > 0)
          --depth;
        if (getToken().is(Token::file_metadata_end) && depth == 0)
          break;
        consumeToken();
      }
      const char *end = getToken().getSpelling().end();
      if (!state.fileMetadata.empty())
        state.fileMetadata += "\n";
      state.fileMetadata += std::string(start, end - start);
      consumeToken();
      break;
    }
    default:
      if (failed(parseOperation(topLevelBlock)))
        return failure();
      break;
    }
  }
}

LogicalResult OperationParser::finalize() {
  for (DeferredLocation &deferred : state.deferredLocations) {
    auto it = state.locationAliases.find(deferred.alias);
    if (it == state.locationAliases.end())
      return emitError(deferred.loc,
                       "operation location alias was never defined");
    if (deferred.op)
      deferred.op->setLoc(it->second);
    else if (deferred.argument)
      Value(deferred.argument).cast<BlockArgument>().setLoc(it->second);
  }
  return popIsolatedScope();
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

LogicalResult tilt::parseSourceFile(llvm::SourceMgr &sourceMgr, Block *block,
                                    Context *context,
                                    const ParserConfig &config,
                                    ParsedFileMetadata *metadata) {
  unsigned bufferID = sourceMgr.getMainFileID();
  ParserState state(sourceMgr, bufferID, context, config);
  // Parse into a temporary block so that a failure leaves `block` untouched.
  Block scratch;
  {
    OperationParser parser(state, &scratch);
    if (failed(parser.parseTopLevel())) {
      scratch.dropAllDefinedValueUses();
      scratch.dropAllReferences();
      return failure();
    }
  }
  if (config.verifyAfterParse) {
    for (Operation &op : scratch)
      if (failed(verify(&op))) {
        scratch.dropAllDefinedValueUses();
        scratch.dropAllReferences();
        return failure();
      }
  }
  block->getOperations().splice(block->end(), scratch.getOperations());
  if (metadata)
    metadata->fileMetadata = state.fileMetadata;
  state.releaseAllSource();
  return success();
}

LogicalResult tilt::parseSourceString(llvm::StringRef source, Block *block,
                                      Context *context,
                                      llvm::StringRef sourceName,
                                      const ParserConfig &config) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(source, sourceName,
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  // Diagnostics go to the context's handlers, as for any other error.
  return parseSourceFile(sourceMgr, block, context, config);
}

OwningOpRef tilt::parseSourceFileForTool(llvm::SourceMgr &sourceMgr,
                                         Context *context,
                                         bool insertImplicitModule,
                                         const ParserConfig &config,
                                         ParsedFileMetadata *metadata) {
  // Verify after wrapping: ops at the top level may need a parent.
  ParserConfig parseConfig = config;
  parseConfig.verifyAfterParse = false;
  Block block;
  if (failed(
          parseSourceFile(sourceMgr, &block, context, parseConfig, metadata)))
    return OwningOpRef();
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  Location fileLoc =
      Location::getFileLineCol(context, buffer->getBufferIdentifier(), 0, 0);
  OwningOpRef result;
  bool singleModule = !block.empty() && &block.front() == &block.back() &&
                      ModuleOp::classof(&block.front());
  if (!insertImplicitModule || singleModule) {
    if (block.empty() || &block.front() != &block.back()) {
      emitError(context, fileLoc)
          << "source must contain a single top-level operation, found: "
          << uint64_t(block.getOperations().size());
      block.dropAllDefinedValueUses();
      block.dropAllReferences();
      return OwningOpRef();
    }
    Operation *op = &block.front();
    op->remove();
    result = OwningOpRef(op);
  } else {
    ModuleOp module = ModuleOp::create(fileLoc, context);
    module.getBody()->getOperations().splice(module.getBody()->end(),
                                             block.getOperations());
    result = OwningOpRef(module.getOperation());
  }
  if (config.verifyAfterParse && failed(verify(result.get())))
    return OwningOpRef();
  return result;
}

Type tilt::parseType(llvm::StringRef text, Context *context) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(text, "<type>", false), llvm::SMLoc());
  ParserConfig config;
  ParserState state(sourceMgr, sourceMgr.getMainFileID(), context, config);
  Parser parser(state);
  Type type = parser.parseType();
  if (type && parser.getToken().isNot(Token::eof)) {
    parser.emitError("unexpected text after the type");
    return Type();
  }
  return type;
}

Attribute tilt::parseAttribute(llvm::StringRef text, Context *context) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(text, "<attribute>", false),
      llvm::SMLoc());
  ParserConfig config;
  ParserState state(sourceMgr, sourceMgr.getMainFileID(), context, config);
  Parser parser(state);
  Attribute attr = parser.parseAttribute();
  if (attr && parser.getToken().isNot(Token::eof)) {
    parser.emitError("unexpected text after the attribute");
    return Attribute();
  }
  return attr;
}
