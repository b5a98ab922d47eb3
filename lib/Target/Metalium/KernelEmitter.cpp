//===- KernelEmitter.cpp - tt.kernel bodies as Metalium kernels -----------===//
//
// Prints one tt.kernel as a C++ source with `kernel_main`: scf loops and
// branches become C++ control flow, integer arith becomes uint32_t
// expressions, cb ops become the CB API and tt intrinsics are spelled by
// the table in MetaliumAPI.cpp. Values are named after what they hold
// (runtime argument names, `<cb>_write_ptr`, loop variables i, j, k, ...).
//
//===----------------------------------------------------------------------===//

#include "Emitters.h"
#include "MetaliumAPI.h"
#include "tilt/Dialect/Arith/Arith.h"
#include "tilt/Dialect/CB/CB.h"
#include "tilt/Dialect/SCF/SCF.h"
#include "tilt/Dialect/TT/TT.h"
#include "tilt/IR/Attributes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace tilt;
using namespace tilt::metalium;

std::string metalium::getCBName(int64_t index) {
  if (index < 8)
    return "cb_in" + std::to_string(index);
  if (index < 16)
    return "cb_dataflow" + std::to_string(index - 8);
  if (index < 24)
    return "cb_out" + std::to_string(index - 16);
  return "cb_intermed" + std::to_string(index - 24);
}

namespace {

/// The CB properties of the intrinsic `opName` ("tt." included) as
/// TTIntrinsics.def lists them: `out` is a CB of pack_tile but a DST index
/// of add_binary_tile, so the name alone does not say.
llvm::ArrayRef<const char *> getCBProperties(llvm::StringRef opName) {
  static const llvm::StringMap<const tt::IntrinsicInfo *> infos = [] {
    llvm::StringMap<const tt::IntrinsicInfo *> map;
#define TILT_TT_INTRINSIC(ClassName, OpName, ...)                              \
  map["tt." OpName] = &tt::ClassName::getInfo();
#include "tilt/Dialect/TT/TTIntrinsics.def"
#undef TILT_TT_INTRINSIC
    return map;
  }();
  auto it = infos.find(opName);
  if (it == infos.end())
    return {};
  return it->second->cbs;
}

class KernelEmitter {
public:
  KernelEmitter(tt::KernelOp kernel) : kernel(kernel) {
    // What the kernel calls cannot name a variable.
    scope.reserveIdentifiersIn(
        "kernel_main tt CBIndex get_arg_val get_write_ptr get_read_ptr "
        "cb_reserve_back cb_push_back cb_wait_front cb_pop_front");
    for (llvm::StringRef text : getSpellingTexts())
      scope.reserveIdentifiersIn(text);
  }

  /// Where each op's code starts in the body, and its location.
  SourceMarks marks;

  LogicalResult emit(std::string &body, std::set<std::string> &headers,
                     std::set<std::string> &helpers) {
    this->headers = &headers;
    this->helpers = &helpers;
    llvm::raw_string_ostream os(body);
    out = &os;
    indent = 1;
    declareCBs();
    if (failed(emitBlock(*kernel.getBody())))
      return failure();
    os.flush();
    return success();
  }

private:
  tt::KernelOp kernel;
  llvm::raw_ostream *out = nullptr;
  unsigned indent = 0;
  unsigned loopDepth = 0;
  std::set<std::string> *headers = nullptr;
  std::set<std::string> *helpers = nullptr;
  llvm::DenseMap<Value, std::string> names;
  NameScope scope;

  llvm::raw_ostream &line() {
    for (unsigned i = 0; i < indent; ++i)
      *out << "  ";
    return *out;
  }

  std::string fresh(llvm::StringRef hint) { return scope.fresh(hint); }

  static std::optional<std::string> cType(Type type) {
    if (type.isIndex() || type.isInteger(32))
      return std::string("uint32_t");
    if (type.isInteger(1))
      return std::string("bool");
    if (type.isInteger(64) || type.isa<tt::NocAddrType>())
      return std::string("uint64_t");
    if (type.isInteger(16))
      return std::string("uint16_t");
    if (type.isInteger(8))
      return std::string("uint8_t");
    return std::nullopt;
  }

  LogicalResult unsupported(Operation *op, const llvm::Twine &what) {
    op->emitError() << "cannot be written as Metalium C++: " << what;
    return failure();
  }

  /// The C++ expression of `value`: a literal for a constant, else a name.
  std::string expr(Value value) {
    if (Operation *def = value.getDefiningOp())
      if (auto constant = arith::ConstantOp::dynCast(def)) {
        Attribute attr = constant.getValue();
        if (auto integer = attr.dyn_cast_or_null<IntegerAttr>()) {
          if (value.getType().isInteger(1))
            return integer.getValue().isZero() ? "false" : "true";
          if (value.getType().isInteger(64))
            return std::to_string(integer.getUInt()) + "ull";
          uint32_t bits = uint32_t(integer.getValue().getZExtValue());
          return std::to_string(bits) + (bits > 0x7fffffffu ? "u" : "");
        }
      }
    auto it = names.find(value);
    return it == names.end() ? "<unnamed>" : it->second;
  }

  /// Declares `const T name = text;` for the result of `op`.
  LogicalResult define(Operation *op, llvm::StringRef hint,
                       const std::string &text) {
    Value result = op->getResult(0);
    std::optional<std::string> type = cType(result.getType());
    if (!type && !result.getType().isa<tt::AccessorType>())
      return unsupported(op, "its result type has no C++ type here");
    std::string name = fresh(hint);
    names[result] = name;
    line() << (type ? "const " + *type : std::string("const auto")) << " "
           << name << " = " << text << ";\n";
    return success();
  }

  /// Declares a constant for every CB the kernel names, by cb.alloc or as
  /// a CB property of an intrinsic (a compute init may name a CB the kernel
  /// never waits on).
  void declareCBs() {
    std::set<int64_t> indices;
    kernel->walk([&](Operation *op) {
      if (auto alloc = cb::AllocOp::dynCast(op)) {
        indices.insert(alloc.getIndex());
        return;
      }
      for (llvm::StringRef key : getCBProperties(op->getName().getStringRef()))
        if (auto attr = op->getInherentAttr(key).dyn_cast_or_null<IntegerAttr>())
          indices.insert(attr.getInt());
    });
    for (int64_t index : indices) {
      std::string cbName = getCBName(index);
      scope.reserve(cbName);
      line() << "constexpr uint32_t " << cbName << " = tt::CBIndex::c_" << index
             << ";\n";
    }
  }

  LogicalResult emitBlock(Block &block) {
    for (Operation &op : block)
      if (failed(emitOp(&op)))
        return failure();
    return success();
  }

  LogicalResult emitOp(Operation *op) {
    marks.emplace_back(size_t(out->tell()), op->getLoc());
    llvm::StringRef name = op->getName().getStringRef();
    if (name == "scf.yield")
      return success(); // Handled by the parent.
    if (auto loop = scf::ForOp::dynCast(op))
      return emitFor(loop);
    if (scf::IfOp::dynCast(op))
      return emitIf(op);
    if (auto loop = scf::WhileOp::dynCast(op))
      return emitWhile(loop);
    if (name == "scf.condition")
      return success(); // Handled by emitWhile.
    if (name.startswith("arith."))
      return emitArith(op, name);
    if (name.startswith("cb."))
      return emitCB(op, name);
    if (name.startswith("tt."))
      return emitIntrinsic(op, name.drop_front(3));
    return unsupported(op, "no Metalium spelling for this op");
  }

  /// Declares the variables that carry `values` out of a region.
  LogicalResult declareCarried(Operation *op, llvm::StringRef hint,
                               llvm::SmallVectorImpl<std::string> &vars) {
    for (Value result : op->getResults()) {
      std::optional<std::string> type = cType(result.getType());
      if (!type)
        return unsupported(op, "a result type has no C++ type here");
      std::string var = fresh(hint);
      names[result] = var;
      vars.push_back(var);
    }
    return success();
  }

  void assignYield(Block &block, llvm::ArrayRef<std::string> vars) {
    if (vars.empty() || block.empty())
      return;
    Operation &terminator = block.back();
    for (size_t i = 0; i < vars.size() && i < terminator.getNumOperands(); ++i)
      line() << vars[i] << " = " << expr(terminator.getOperand(i)) << ";\n";
  }

  LogicalResult emitFor(scf::ForOp loop) {
    Operation *op = loop.getOperation();
    static const char *kLoopNames[] = {"i", "j", "k", "l", "m", "n"};
    std::string iv = loopDepth < 6 ? std::string(kLoopNames[loopDepth])
                                   : "i" + std::to_string(loopDepth);
    llvm::SmallVector<std::string, 2> carried;
    if (failed(declareCarried(op, "acc", carried)))
      return failure();
    OperandRange inits = loop.getInitArgs();
    for (size_t i = 0; i < carried.size(); ++i)
      line() << *cType(op->getResult(i).getType()) << " " << carried[i]
             << " = " << expr(inits[i]) << ";\n";
    Block *body = loop.getBody();
    names[body->getArgument(0)] = iv;
    for (size_t i = 0; i < carried.size() && i + 1 < body->getNumArguments();
         ++i)
      names[body->getArgument(i + 1)] = carried[i];
    std::string step = expr(loop.getStep());
    line() << "for (uint32_t " << iv << " = " << expr(loop.getLowerBound())
           << "; " << iv << " < " << expr(loop.getUpperBound()) << "; "
           << (step == "1" ? "++" + iv : iv + " += " + step) << ") {\n";
    ++indent;
    ++loopDepth;
    if (failed(emitBlock(*body)))
      return failure();
    assignYield(*body, carried);
    --loopDepth;
    --indent;
    line() << "}\n";
    return success();
  }

  /// `while (true) { before; results = forwarded; if (!cond) break;
  /// after; state = yielded; }`: the before region's arguments are the
  /// loop state, the results what scf.condition forwards at the exit (and
  /// what the after region receives on every trip).
  LogicalResult emitWhile(scf::WhileOp loop) {
    Operation *op = loop.getOperation();
    Block *before = loop.getBeforeBody();
    Block *after = &loop.getAfter().front();
    llvm::SmallVector<std::string, 2> results, state;
    if (failed(declareCarried(op, "result", results)))
      return failure();
    for (size_t i = 0; i < results.size(); ++i)
      line() << *cType(op->getResult(i).getType()) << " " << results[i]
             << ";\n";
    for (size_t i = 0; i < before->getNumArguments(); ++i) {
      Value arg = before->getArgument(i);
      std::optional<std::string> type = cType(arg.getType());
      if (!type)
        return unsupported(op, "a loop value type has no C++ type here");
      std::string var = fresh("state");
      line() << *type << " " << var << " = " << expr(op->getOperand(i))
             << ";\n";
      names[arg] = var;
      state.push_back(var);
    }
    for (size_t i = 0; i < after->getNumArguments() && i < results.size(); ++i)
      names[after->getArgument(i)] = results[i];
    line() << "while (true) {\n";
    ++indent;
    ++loopDepth;
    if (failed(emitBlock(*before)))
      return failure();
    Operation &condition = before->back();
    for (size_t i = 0; i < results.size() && i + 1 < condition.getNumOperands();
         ++i)
      line() << results[i] << " = " << expr(condition.getOperand(i + 1))
             << ";\n";
    line() << "if (!(" << expr(condition.getOperand(0)) << ")) {\n";
    ++indent;
    line() << "break;\n";
    --indent;
    line() << "}\n";
    if (failed(emitBlock(*after)))
      return failure();
    assignYield(*after, state);
    --loopDepth;
    --indent;
    line() << "}\n";
    return success();
  }

  LogicalResult emitIf(Operation *op) {
    llvm::SmallVector<std::string, 2> carried;
    if (failed(declareCarried(op, "result", carried)))
      return failure();
    for (size_t i = 0; i < carried.size(); ++i)
      line() << *cType(op->getResult(i).getType()) << " " << carried[i]
             << ";\n";
    line() << "if (" << expr(op->getOperand(0)) << ") {\n";
    ++indent;
    Region &thenRegion = op->getRegion(0);
    if (!thenRegion.empty()) {
      if (failed(emitBlock(thenRegion.front())))
        return failure();
      assignYield(thenRegion.front(), carried);
    }
    --indent;
    Region &elseRegion = op->getRegion(1);
    bool elseIsEmpty =
        elseRegion.empty() ||
        (carried.empty() &&
         llvm::all_of(elseRegion.front(), [](Operation &inner) {
           return inner.getName().getStringRef() == "scf.yield";
         }));
    if (!elseIsEmpty) {
      line() << "} else {\n";
      ++indent;
      if (failed(emitBlock(elseRegion.front())))
        return failure();
      assignYield(elseRegion.front(), carried);
      --indent;
    }
    line() << "}\n";
    return success();
  }

  LogicalResult emitArith(Operation *op, llvm::StringRef name) {
    if (name == "arith.constant") {
      Attribute value = arith::ConstantOp(op).getValue();
      if (!value.isa<IntegerAttr>())
        return unsupported(op, "only integer constants exist in kernels");
      return success(); // Printed as literals where used.
    }
    if (op->getNumResults() != 1)
      return unsupported(op, "unexpected arith op");
    llvm::StringRef opName = name.drop_front(6);
    // Casts between integer types keep the value (all are unsigned words).
    if (opName == "index_cast" || opName == "index_castui" ||
        opName == "extui" || opName == "extsi" || opName == "trunci") {
      std::optional<std::string> from = cType(op->getOperand(0).getType());
      std::optional<std::string> to = cType(op->getResult(0).getType());
      if (!from || !to)
        return unsupported(op, "a cast of a type with no C++ type here");
      if (*from == *to) {
        names[op->getResult(0)] = expr(op->getOperand(0));
        return success();
      }
      return define(op, "v",
                    "static_cast<" + *to + ">(" + expr(op->getOperand(0)) +
                        ")");
    }
    auto operand = [&](unsigned i) { return expr(op->getOperand(i)); };
    auto signedOperand = [&](unsigned i) {
      return "static_cast<int32_t>(" + operand(i) + ")";
    };
    static const std::pair<const char *, const char *> kInfix[] = {
        {"addi", "+"}, {"subi", "-"},  {"muli", "*"},  {"divui", "/"},
        {"remui", "%"}, {"andi", "&"}, {"ori", "|"},   {"xori", "^"},
        {"shli", "<<"}, {"shrui", ">>"}};
    for (const auto &[mnemonic, infix] : kInfix)
      if (opName == mnemonic)
        return define(op, "v", operand(0) + " " + infix + " " + operand(1));
    if (opName == "shrsi") {
      // An arithmetic shift: GCC shifts a negative int32_t in its sign.
      std::string type = *cType(op->getResult(0).getType());
      return define(op, "v",
                    "static_cast<" + type + ">(" + signedOperand(0) + " >> " +
                        operand(1) + ")");
    }
    if (opName == "divsi" || opName == "remsi") {
      std::string type = *cType(op->getResult(0).getType());
      return define(op, "v",
                    "static_cast<" + type + ">(" + signedOperand(0) +
                        (opName == "divsi" ? " / " : " % ") +
                        signedOperand(1) + ")");
    }
    if (opName == "ceildivsi" || opName == "floordivsi") {
      // Rounded up or down, not toward zero: one more (or less) when there
      // is a remainder and the quotient is positive (or negative).
      std::string type = *cType(op->getResult(0).getType());
      std::string a = signedOperand(0), b = signedOperand(1);
      bool ceil = opName == "ceildivsi";
      return define(op, "v",
                    "static_cast<" + type + ">(" + a + " / " + b +
                        (ceil ? " + " : " - ") + "((" + a + " % " + b +
                        " != 0) && ((" + a + " < 0) " +
                        (ceil ? "==" : "!=") + " (" + b + " < 0))))");
    }
    if (opName == "minui" || opName == "maxui" || opName == "minsi" ||
        opName == "maxsi") {
      bool isSigned = opName.endswith("si");
      std::string a = isSigned ? signedOperand(0) : operand(0);
      std::string b = isSigned ? signedOperand(1) : operand(1);
      const char *cmp = opName.startswith("min") ? " < " : " > ";
      return define(op, "v",
                    a + cmp + b + " ? " + operand(0) + " : " + operand(1));
    }
    if (opName == "select")
      return define(op, "v",
                    operand(0) + " ? " + operand(1) + " : " + operand(2));
    if (opName == "cmpi") {
      const char *infix = "==";
      bool isSigned = false;
      switch (arith::CmpIOp(op).getPredicate()) {
      case arith::CmpIPredicate::eq: infix = "=="; break;
      case arith::CmpIPredicate::ne: infix = "!="; break;
      case arith::CmpIPredicate::slt: isSigned = true; [[fallthrough]];
      case arith::CmpIPredicate::ult: infix = "<"; break;
      case arith::CmpIPredicate::sle: isSigned = true; [[fallthrough]];
      case arith::CmpIPredicate::ule: infix = "<="; break;
      case arith::CmpIPredicate::sgt: isSigned = true; [[fallthrough]];
      case arith::CmpIPredicate::ugt: infix = ">"; break;
      case arith::CmpIPredicate::sge: isSigned = true; [[fallthrough]];
      case arith::CmpIPredicate::uge: infix = ">="; break;
      }
      std::string a = isSigned ? signedOperand(0) : operand(0);
      std::string b = isSigned ? signedOperand(1) : operand(1);
      return define(op, "cond", a + " " + infix + " " + b);
    }
    return unsupported(op, "only integer arithmetic runs in kernels");
  }

  LogicalResult emitCB(Operation *op, llvm::StringRef name) {
    if (auto alloc = cb::AllocOp::dynCast(op)) {
      int64_t index = alloc.getIndex();
      names[op->getResult(0)] = getCBName(index);
      return success();
    }
    llvm::StringRef opName = name.drop_front(3);
    std::string cbName = expr(op->getOperand(0));
    if (opName == "get_write_ptr" || opName == "get_read_ptr")
      return define(op, cbName + "_" + opName.drop_front(4).str(),
                    opName.str() + "(" + cbName + ")");
    auto pages = op->getInherentAttr("pages").dyn_cast_or_null<IntegerAttr>();
    if (!pages || op->getNumResults() != 0)
      return unsupported(op, "unknown circular-buffer op");
    line() << "cb_" << opName << "(" << cbName << ", " << pages.getInt()
           << ");\n";
    return success();
  }

  LogicalResult emitIntrinsic(Operation *op, llvm::StringRef opName) {
    const Spelling *spelling = lookupSpelling(opName);
    if (!spelling)
      return unsupported(op, "the Metalium target has no spelling for it");
    if (!spelling->header.empty())
      headers->insert(spelling->header.str());
    llvm::StringRef helper = getHelperDefinition(opName);
    if (!helper.empty())
      helpers->insert(helper.str());
    std::string call;
    llvm::StringRef text = spelling->call;
    while (!text.empty()) {
      size_t dollar = text.find('$');
      call += text.substr(0, dollar).str();
      if (dollar == llvm::StringRef::npos)
        break;
      text = text.drop_front(dollar + 1);
      if (text.consume_front("{")) {
        std::string spelled;
        size_t close = text.find('}');
        if (failed(spellKeywordGroup(op, opName, text.take_front(close),
                                     spelled)))
          return failure();
        call += spelled;
        text = text.drop_front(close + 1);
        continue;
      }
      size_t length = 0;
      while (length < text.size() &&
             (std::isalnum(static_cast<unsigned char>(text[length])) ||
              text[length] == '_'))
        ++length;
      llvm::StringRef key = text.take_front(length);
      text = text.drop_front(length);
      unsigned operandIndex;
      if (!key.getAsInteger(10, operandIndex)) {
        if (operandIndex >= op->getNumOperands())
          return unsupported(op, "it has too few operands");
        call += expr(op->getOperand(operandIndex));
        continue;
      }
      Attribute attr = op->getInherentAttr(key);
      if (auto integer = attr.dyn_cast_or_null<IntegerAttr>()) {
        // CB properties print as the CB's constant.
        if (llvm::is_contained(getCBProperties(op->getName().getStringRef()),
                               key))
          call += getCBName(integer.getInt());
        else
          call += std::to_string(integer.getInt());
        continue;
      }
      if (auto keyword = attr.dyn_cast_or_null<StringAttr>()) {
        llvm::StringRef spelled = spellKeyword(opName, key, keyword.getValue());
        if (spelled.empty())
          return unsupported(op, "no spelling for " + key + "(" +
                                     keyword.getValue() + ")");
        call += spelled.str();
        continue;
      }
      return unsupported(op, "it has no property `" + key + "`");
    }
    if (op->getNumResults() == 0) {
      line() << call << ";\n";
      return success();
    }
    return define(op, resultHint(op, opName), call);
  }

  /// The spelling of the keyword properties `keys` ("type,dim") of `op`
  /// as one: their values joined the same way ("sub,scalar").
  LogicalResult spellKeywordGroup(Operation *op, llvm::StringRef opName,
                                  llvm::StringRef keys, std::string &spelled) {
    llvm::SmallVector<llvm::StringRef, 2> names;
    keys.split(names, ',');
    std::string values;
    for (llvm::StringRef key : names) {
      auto value = op->getInherentAttr(key).dyn_cast_or_null<StringAttr>();
      if (!value)
        return unsupported(op, "it has no keyword property `" + key + "`");
      values += (values.empty() ? "" : ",") + value.getValue().str();
    }
    spelled = spellKeyword(opName, keys, values).str();
    if (spelled.empty())
      return unsupported(op, "no spelling for " + keys + "(" + values + ")");
    return success();
  }


  std::string resultHint(Operation *op, llvm::StringRef opName) {
    if (opName == "get_arg_val" || opName == "get_compile_time_arg_val") {
      int64_t index = 0;
      if (auto attr = op->getInherentAttr("index").dyn_cast_or_null<IntegerAttr>())
        index = attr.getInt();
      if (opName == "get_arg_val")
        if (auto rtArgs =
                kernel->getInherentAttr("rt_args").dyn_cast_or_null<ArrayAttr>())
          if (index >= 0 && index < int64_t(rtArgs.size()))
            if (auto argName = rtArgs[index].dyn_cast_or_null<StringAttr>())
              return argName.getValue().str();
      return (opName == "get_arg_val" ? "rt_arg_" : "ct_arg_") +
             std::to_string(index);
    }
    if (opName == "tensor_accessor") {
      std::string base = expr(op->getOperand(0));
      llvm::StringRef ref(base);
      if (ref.endswith("_addr"))
        return ref.drop_back(5).str() + "_accessor";
      return "accessor";
    }
    if (opName == "get_noc_addr")
      return "noc_addr";
    if (opName == "get_noc_multicast_addr")
      return "mcast_addr";
    if (opName == "get_semaphore") {
      if (auto id = op->getInherentAttr("id").dyn_cast_or_null<IntegerAttr>())
        return "semaphore" + std::to_string(id.getInt()) + "_addr";
      return "semaphore_addr";
    }
    return "v";
  }
};

} // namespace

LogicalResult metalium::emitKernel(tt::KernelOp kernel, tt::ProgramOp program,
                                   const EmitOptions &options,
                                   std::string &text, SourceMarks &marks) {
  std::string body;
  std::set<std::string> headers, helpers;
  KernelEmitter emitter(kernel);
  if (failed(emitter.emit(body, headers, helpers)))
    return failure();

  const KernelConventions &conventions = getKernelConventions();
  llvm::raw_string_ostream os(text);
  llvm::StringRef role = kernel.getRole();
  llvm::StringRef symbol = getSymbolName(kernel.getOperation());
  writeComment(os, (symbol + ".cpp: the " + role + " kernel of program @" +
                    getSymbolName(program.getOperation()) + ".")
                       .str());
  writeOriginComment(os, program, options);
  if (auto rtArgs =
          kernel->getInherentAttr("rt_args").dyn_cast_or_null<ArrayAttr>()) {
    std::string line = "Runtime arguments:";
    for (size_t i = 0; i < rtArgs.size(); ++i)
      if (auto name = rtArgs[i].dyn_cast_or_null<StringAttr>())
        line +=
            (i ? ", " : " ") + std::to_string(i) + " " + name.getValue().str();
    writeComment(os, line + ".");
  }
  if (auto ctArgs =
          kernel->getInherentAttr("ct_args").dyn_cast_or_null<ArrayAttr>()) {
    std::string line = "Compile-time arguments:";
    unsigned index = 0;
    for (Attribute arg : ctArgs) {
      line += index ? ", " : " ";
      if (auto symbol = arg.dyn_cast<FlatSymbolRefAttr>()) {
        line += std::to_string(index) + "-" +
                std::to_string(index + tt::kAccessorCompileTimeArgs - 1) +
                " TensorAccessorArgs(" + symbol.getValue().str() + ")";
        index += tt::kAccessorCompileTimeArgs;
      } else if (auto integer = arg.dyn_cast<IntegerAttr>()) {
        line += std::to_string(integer.getInt());
        ++index;
      }
    }
    writeComment(os, line + ".");
  }
  os << "\n#include <cstdint>\n\n";
  // reduce.h takes its template defaults from REDUCE_OP and REDUCE_DIM and
  // has no fallback for them; the calls name their own arguments, so the
  // first reduce op's serve.
  Operation *firstReduce = nullptr;
  kernel->walk([&](Operation *op) {
    if (!firstReduce && op->getName().getStringRef().startswith("tt.reduce_") &&
        op->getInherentAttr("type"))
      firstReduce = op;
  });
  if (firstReduce) {
    llvm::StringRef name = firstReduce->getName().getStringRef().drop_front(3);
    auto keyword = [&](llvm::StringRef key) {
      auto value = firstReduce->getInherentAttr(key).dyn_cast_or_null<StringAttr>();
      return spellKeyword(name, key, value ? value.getValue() : "");
    };
    os << "#define REDUCE_OP " << keyword("type") << "\n";
    os << "#define REDUCE_DIM " << keyword("dim") << "\n\n";
  }
  if (kernel.isCompute()) {
    headers.insert(conventions.computeBaseHeader.str());
  } else {
    headers.clear();
    headers.insert(conventions.dataflowHeader.str());
  }
  for (const std::string &header : headers)
    os << "#include \"" << header << "\"\n";
  os << "\n";
  for (const std::string &helper : helpers)
    os << helper << "\n";
  os << conventions.entry << " {\n";
  size_t bodyStart = size_t(os.tell());
  os << body << "}\n";
  os.flush();
  marks.clear();
  for (const auto &[offset, loc] : emitter.marks)
    marks.emplace_back(bodyStart + offset, loc);
  return success();
}
