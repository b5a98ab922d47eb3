//===- Passes.h - Passes on the tile dialect --------------------*- C++ -*-===//
//
// tile-legalize: the first step of the tile-to-tt pipeline (issue 5).
//
//===----------------------------------------------------------------------===//
#ifndef TILT_DIALECT_TILE_PASSES_H
#define TILT_DIALECT_TILE_PASSES_H

#include "tilt/Dialect/Tile/Tile.h"
#include "tilt/Pass/Pass.h"

namespace tilt {
namespace tile {

/// The DRAM layout tile-legalize gives a global tensor: interleaved pages of
/// one 32x32 tile, and the shape padded to whole tiles. Stored in the
/// tensor type's layout as a dictionary:
///   {kind = "dram_interleaved", padded_shape = array<i64: 128, 96>,
///    tile = array<i64: 32, 32>, page_size = 2048 : i64}
struct TileLayout {
  llvm::SmallVector<int64_t, 2> paddedShape;
  llvm::SmallVector<int64_t, 2> tileShape;
  int64_t pageSize = 0;

  /// The layout of `type`, if it has one of this form.
  static std::optional<TileLayout> get(TensorType type);
  /// The dictionary attribute for this layout.
  Attribute toAttribute(Context *context) const;
  /// The layout of a tensor of `shape` and `elementType` (32x32 tiles; a
  /// 1-d tensor is one row of tiles).
  static TileLayout compute(llvm::ArrayRef<int64_t> shape, Type elementType);
};

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
