//===- Passes.h - Passes on the tile dialect --------------------*- C++ -*-===//
//
// tile-legalize: the first step of the tile-to-tt pipeline (issue 5).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_DIALECT_TILE_PASSES_H
#define TILT_DIALECT_TILE_PASSES_H

#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/Pass/Pass.h"
#include <string>

namespace tilt {
namespace tile {

/// The DRAM layout tile-legalize gives a global tensor, stored in the
/// tensor type's layout as a dictionary. Tiled: interleaved pages of one
/// 32x32 tile, the last two dimensions padded to whole tiles:
///   {kind = "dram_interleaved", padded_shape = array<i64: 128, 96>,
///    tile = array<i64: 32, 32>, page_size = 2048 : i64}
/// Row-major ("sticks", for tensors the program reads in slices over
/// non-trailing dimensions): interleaved pages of one row of the last
/// dimension, padded to a multiple of 32 elements:
///   {kind = "dram_row_major", padded_shape = array<i64: 2, 128, 4, 64>,
///    tile = array<i64: 1, 64>, page_size = 128 : i64}
struct TileLayout {
  llvm::SmallVector<int64_t, 2> paddedShape;
  /// The shape of a page: a tile, or one row.
  llvm::SmallVector<int64_t, 2> tileShape;
  int64_t pageSize = 0;
  bool rowMajor = false;
  /// The storage format when it is not the element type: "bfp8_b" or
  /// "bfp4_b" (Metalium's block floats, which the user asks for with a
  /// `{format = "bfp8_b"}` layout); empty otherwise.
  std::string format;

  /// The layout of `type`, if it has one of these forms.
  static std::optional<TileLayout> get(TensorType type);
  /// The dictionary attribute for this layout.
  Attribute toAttribute(Context *context) const;
  /// The layout of a tensor of `shape` and `elementType`: 32x32 tiles (a
  /// 1-d tensor is one row of tiles), or row-major pages.
  static TileLayout compute(llvm::ArrayRef<int64_t> shape, Type elementType,
                            bool rowMajor = false);
};

/// The block-float storage format a tensor's layout asks for ("bfp8_b",
/// "bfp4_b"), before or after tile-legalize; empty when none.
std::string getStorageFormat(TensorType type);
/// The bytes of one 32x32 tile of a block-float format: 1088 (bfp8_b), 576
/// (bfp4_b).
int64_t getBlockFloatTileBytes(llvm::StringRef format);

/// Asks for `format` ("bfp8_b", "bfp4_b") as the storage of the tensor
/// argument `index` of `function` (a function of the tile dialect): its
/// type, the function's type and the region arguments of the kernels it is
/// passed to take the layout `{format = "..."}`, which tile-legalize checks
/// and completes. An error at the function when the argument is not a
/// tensor without a layout, or the format is unknown.
LogicalResult setStorageFormat(Operation *function, unsigned index,
                               llvm::StringRef format);

/// The side of a tile (Tenstorrent's 32x32 tiles).
constexpr int64_t kTileSize = 32;

/// tile-legalize: checks what Tenstorrent can run (element types, buffers in
/// whole 32x32 tiles) and gives every global tensor of the kernels in the op
/// its DRAM-interleaved tile layout, padding shapes that are not multiples
/// of 32 (the logical shape stays the type's shape).
std::unique_ptr<Pass> createTileLegalizePass();

/// Registers the passes of the tile dialect.
void registerTilePasses();

} // namespace tile
} // namespace tilt

#endif // TILT_DIALECT_TILE_PASSES_H
