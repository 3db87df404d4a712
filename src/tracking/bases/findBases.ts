// Bases found in one frame of a locked table: each known base fitted again where it was (cheap, every
// frame), and on search frames the whole table in view voted over for the shapes of the army
// (voteBaseCentres) and every candidate fitted (fitBase) with the shapes that voted for it. A fit is a
// base when enough of its rim shows an edge where the fit puts it, the edges agree, the outline needs
// no more than a small offset from its nominal size, and the rim steps clearly from the mat; it is
// "doubted" when less than `okRimShare` of the rim is seen (a figure, a hand or a neighbour covers it,
// or the frame cuts it). Two fits on one base keep the better. A search look is fitted twice, its near
// side bounded by the bottom edge or by the top (a band of the mat's colour); a top reading whose near
// rim is the band's bottom edge is refused (nearBandSteps). A base found where no model was known and
// re-fitted while it waits for confirmation (TrackedStart.pending) is a new base in every frame. A new
// base whose top is one piece of colour with something much bigger (an arm and its hand) is none.
import { type BaseShape, polygonContains } from '../../engine/index.ts'
import type { OpenCvHandle } from '../opencv/openCv.ts'
import { TablePlaneImage } from '../opencv/tablePlaneImage.ts'
import type { RgbaFrame } from '../types.ts'
import { type Outline, facingSymmetryDeg, halfSizes, insideOutline, sampleOutline } from './baseOutline.ts'
import { type BaseFit, type BaseFitParams, DEFAULT_BASE_FIT_PARAMS, fitBase, matPalette, nearBandSteps, quickRimScore, readWhatStandsAt } from './fitBase.ts'
import { type LockedTable, type TableProjector, projectTablePoint, tableProjector } from './tableProjector.ts'
import { DEFAULT_REACHING_IN_PARAMS, type ReachingInParams, reachingIn } from './reachingIn.ts'
import {
  type CentreCandidate, type CentreTable, type PlaneGrid, type VoteParams, type VoteScratch,
  DEFAULT_VOTE_PARAMS, buildCentreTable, createVoteScratch, fillPlaneMap, orientationAt, planeGridInView, voteBaseCentres,
} from './voteBaseCentres.ts'

/** A shape and size of base the army has (its key from baseKey), with the height it is expected to be. */
export type BaseClass = { key: string; shape: BaseShape; heightMm: number }

export type FindBasesParams = {
  fit: BaseFitParams
  vote: VoteParams
  /** The plane grid's cell, mm (coarsened so the grid has at most `maxCells`). */
  cellMm: number
  maxCells: number
  /** The grid lies this high above the table (half a base's height), mm. */
  planeZMm: number
  blurCells: number
  /** A search looks at most at this many places (the strongest votes first), from at most this many vote peaks per shape … */
  maxPlaces: number
  maxVotesPerShape: number
  /** … and fits at most this many of the looks (the best first). */
  maxSearchFits: number
  /** Each place is looked at with at most this many of the shapes that voted for it (the strongest votes). */
  maxShapesPerPlace: number
  /** The quick look before a fit: its reach, mm, and the rim score it needs (levels per rim point). */
  quickReachMm: number
  minQuickScore: number
  /** A place inside a base already fitted at least this well is not fitted again. */
  settledQuality: number
  /** How far a search candidate's fit may wander, mm. */
  searchReachMm: number
  /** A base: at least this share of its rim seen (and `minRimPoints` points) … */
  minRimShare: number
  minRimPoints: number
  /** … 'ok' from this share on ('doubted' below). */
  okRimShare: number
  /** … edges that agree to within this (px, 1σ) … */
  maxEdgeSigmaPx: number
  /** … an outline within this of its nominal size, mm … */
  maxOffsetMm: number
  /** … and a rim stepping at least this much from the mat (levels). */
  minStep: number
  /** … with the table's colour outside at least this share of its bottom edge (it stands on the table) … */
  minMatShare: number
  /** … and its top edge at least this high above its bottom, mm (a print on the mat has none). */
  minHeightMm: number
  /**
   * … and it is no print on the mat: a fit whose top has the table's colour on at least `printTopShare`
   * of its ring while less than `printRiseShare` of the column over its middle differs from the table
   * (no figure stands there) is a hex cell or a flagstone, not a base (BaseFit's topMatShare, riseShare).
   */
  printTopShare: number
  printRiseShare: number
  /**
   * … unless its rim stands out all round (`printRimShare` of it seen), crisp (σ ≤ `printEdgeSigmaPx`)
   * over a side band of a base's height measured to `printHeightSigmaMm`: its top reads as the mat's
   * colour (flocked like it, or a printed mat's lines widen what counts as its colour) and its figure is
   * too slight to read as rising. (A look that reads as a print is fitted only after every other look,
   * with what is left of the search's budget: stop 43 fitted them among the rest and lost a base for two.)
   */
  printRimShare: number
  printEdgeSigmaPx: number
  printHeightSigmaMm: number
  /** A vote peak is passed over as a print (before any fit) only when it reads so beyond doubt: a peak can lie a few mm off its base. */
  peakPrintTopShare: number
  peakPrintRiseShare: number
  /** A bigger base holding a smaller fit wins over it only when this share of its bottom edge has the mat outside (read by either edge at its place: `matRound`). */
  containerMatShare: number
  /** … and fits well itself: at least this quality, … */
  containerQuality: number
  /**
   * … and no more than this below the smaller fit's (0.25 let a 32 mm round about a well-fitting 25 mm
   * one take its place: seeds 1–8, one base more found and one wrong size fewer at 0.15 and 0.2; at
   * 0.1 two more and a 40 mm square lost). 0.2 since stop 62: a figure's broad body on phone seed 23's
   * 40 mm square fits a 25 mm round at 0.84–0.93 as the table's lock moves by a fraction of a px, the
   * square 0.74–0.75.
   */
  containerMargin: number
  /** A base first seen standing where a nearer model's figure rises (up to `figureHeightMm`) needs this share of its bottom edge on the mat. */
  behindFigureMatShare: number
  /**
   * A search fit reading the top edge on the near side (BaseFitStart.nearEdge 'top', for a side band
   * of the mat's colour) wins over the usual fit by this much quality. 0: the better reading wins (a
   * top reading that holds the bottom edge is refused by topBandInnerShare). A margin of 0.05 kept
   * bottom readings that held the top edge on dark sides over a dark mat, 1.5–3 mm too far from the
   * camera (seeds 1–8: 27 bases beyond 3σ at 0.05, 20 at 0, 19–23 at −0.03 and −0.06).
   */
  nearTopMargin: number
  /**
   * The near side's other reading (the bottom edge for the top, or the top for the bottom), not
   * refused and within this of the chosen one's quality, widens the σ along the line between the two
   * places by half their distance: the frame cannot tell which edge the near rim is.
   */
  readingTieQuality: number
  /**
   * A base first seen in this frame whose fit is both weak (quality under `newWeakQuality`) and loose
   * (edge σ over `newLooseEdgeSigmaPx`) is no base yet: a shadow, a figure, a fingertip or a print's
   * corner fits so, a base's own rim seldom (seeds 1–8: 14 false reports of 45 and 1 base of 836; seeds
   * 9–12, not tuned on: 6 of 34 and none). A known base is re-fitted whatever its fit.
   */
  newWeakQuality: number
  newLooseEdgeSigmaPx: number
  /**
   * A base first seen in this frame whose top is part of one piece of colour reaching in over the
   * table (an arm and its hand: the piece spreads far beyond a base) is a fingertip, a thumb or a
   * fit among the fingers, no base (`reachingIn`); null: not looked at.
   */
  reachingIn: ReachingInParams | null
  /**
   * … unless its rim is as crisp as a base's (edge σ at most this, px): a finger's rounded edge reads
   * 0.4–0.65 px, and a base whose top has a hand's colour, a hand touching it, keeps its crisp rim
   * (hands seed 15's sand-topped 60 mm round under a light-skinned hand's fingers: 0.17 px).
   */
  reachingInCrispEdgeSigmaPx: number
  /**
   * A top reading (its near side bounded by the top edge) is refused when, one side band inward of
   * that near rim, the picture steps at least as much as one band outward and at least
   * `topBandInnerShare` of the rim's own step: a top edge has the top inside it and the band's bottom
   * edge outside, so such a rim is the bottom edge read as the top (the base then sits a band's width
   * too near the camera). The bottom reading is kept instead where it fits.
   */
  topBandInnerShare: number
  /** … and an edge as crisp as a base's rim (a figure's outline is ragged): edge σ at most this, px. */
  behindFigureEdgeSigmaPx: number
  /**
   * … and a fit of at least this quality: a figure seen behind its own base fits a small base with the
   * mat round it, weakly (mixed seed 6: a 25 mm square at 0.47 behind a marked model's 50 mm round,
   * found once each orientation voted apart; seeds 1–8: false reports 28 → 20, none found lost).
   */
  behindFigureMatQuality: number
  /**
   * … or a fit this good whatever its edges and the mat round it: a figure's body does not fit a
   * base's outline so well (seeds 1–12: the fits the figure rule dropped on no base of their size
   * had quality ≤ 0.69 (130), those on their base 0.67–0.80 (5)).
   */
  behindFigureSureQuality: number
  /**
   * … or, with less of the mat round it (a neighbour's shadow or figure in front of it), a rim as a
   * base's alone draws it: edges crisper than this (px) and a fit of at least `behindFigureCrispQuality`
   * (half its rim within the tight tolerance). A figure's body is no base-shaped outline with crisp edges.
   */
  behindFigureCrispEdgeSigmaPx: number
  behindFigureCrispQuality: number
  /** … unless its centre lies within this share of the figure's column's radius of its axis, below its top (the body itself). */
  figureBodyShare: number
  figureHeightMm: number
  /** Two fits whose inscribed circles overlap by more than this (mm: the fits' errors) are one place, the better fit's (`overlap`). */
  overlapToleranceMm: number
  /**
   * A look whose best fit is weak (quality below `reseatBelowQuality`, or edges looser than
   * `reseatEdgeSigmaPx`) is fitted again from starts `reseatShare` of the base's smaller half-size
   * either way along its two axes: the vote's peak can lie beside the base (a shadow's or a figure's
   * edges vote too), and a fit started there settles on part of the rim. The best quality keeps the place.
   */
  reseatBelowQuality: number
  reseatEdgeSigmaPx: number
  reseatShare: number
  /** … and at most this far, mm (a big base's weak fit lies a few mm off it, not half its size). */
  reseatMaxMm: number
  maxReseatFits: number
  /** … and a start's fit takes the place only when better by this much quality (a weak fit on its base moves no further). */
  reseatMargin: number
  /** … and only when it lies at least this far from the weak fit, mm (nearer, it is the same place read again: no better for a higher quality). */
  reseatMinMoveMm: number
  /** A position σ above this is no base, mm. */
  maxSigmaMm: number
  /**
   * A base's height is the army's (its class's) within this, mm (bases are 3–5 mm tall: 4 ± 1); a fit
   * whose height lies beyond misread an edge, and the excess joins its σ along the line to the camera.
   */
  heightToleranceMm: number
  /**
   * A fit below `misreadQuality`, or with less than `misreadMatShare` of its bottom edge on the mat, may
   * hold one edge of its near side for the other: its σ along the line to the camera takes a band's
   * width (the class's height seen from the camera) × `misreadGain` × the shortfall. Seeds 1–8: beyond
   * 3σ 17 → 9 of 838, median |e|/σ 0.586 → 0.52 (chosen there; held-out seeds in MEASURED.md).
   */
  misreadQuality: number
  misreadMatShare: number
  misreadGain: number
  /**
   * A bottom reading whose near rim steps less, one side band inward of it, than one band outward
   * (by `topAsBottomRatio` or more): a bottom edge has the band's top edge inside it and the mat
   * outside, a top edge the top inside and the band's bottom edge outside, so the rim it holds for the
   * bottom may be the top, and the base a band's width nearer the camera. Its σ along the line to the
   * camera takes that width. (At 1.5 and above: 20 of the 428 kept fits on seeds 41–44, 4 of them a
   * band's width off; 34 of 858 on seeds 1–8. MEASURED.md, stop 54.)
   */
  topAsBottomRatio: number
  /**
   * A fit's size offset (`BaseFit.offsetMm`, its outline read bigger or smaller than the class's) times
   * this joins its σ along the line to the camera: one side's edge read off by d grows the outline by
   * d/2 and moves the centre by d/2 (the offset's prior shrinks it a little, hence more than 1). Seeds
   * 1–8: with `edgeBiasPx` 0.2 → 0.05, median |e|/σ 0.53 → 0.61, beyond 3σ 9 of 855 both (MEASURED.md).
   */
  sizeOffsetGain: number
  /** Edge bias the fit cannot see (tone curve, sharpening, a bevel), px, 1σ: added to every base's σ. */
  edgeBiasPx: number
}

export const DEFAULT_FIND_BASES_PARAMS: FindBasesParams = {
  fit: DEFAULT_BASE_FIT_PARAMS,
  vote: DEFAULT_VOTE_PARAMS,
  cellMm: 1.5,
  maxCells: 700_000,
  planeZMm: 2,
  blurCells: 0.8,
  maxPlaces: 300,
  maxVotesPerShape: 200,
  maxSearchFits: 240,
  maxShapesPerPlace: 4,
  quickReachMm: 3,
  minQuickScore: 8,
  settledQuality: 0.6,
  searchReachMm: 4,
  minRimShare: 0.35,
  minRimPoints: 12,
  okRimShare: 0.55,
  maxEdgeSigmaPx: 1.2,
  maxOffsetMm: 1.25,
  minStep: 8,
  minMatShare: 0.4,
  minHeightMm: 1.5,
  printTopShare: 0.7,
  printRiseShare: 0.3,
  printRimShare: 0.75,
  printEdgeSigmaPx: 0.45,
  printHeightSigmaMm: 0.5,
  peakPrintTopShare: 0.95,
  peakPrintRiseShare: 0.15,
  containerMatShare: 0.7,
  containerQuality: 0.5,
  containerMargin: 0.2,
  behindFigureMatShare: 0.85,
  nearTopMargin: 0,
  readingTieQuality: 0.03,
  newWeakQuality: 0.5,
  newLooseEdgeSigmaPx: 0.7,
  reachingIn: DEFAULT_REACHING_IN_PARAMS,
  reachingInCrispEdgeSigmaPx: 0.3,
  topBandInnerShare: 0.5,
  behindFigureEdgeSigmaPx: 0.6,
  behindFigureMatQuality: 0.5,
  behindFigureSureQuality: 0.75,
  behindFigureCrispEdgeSigmaPx: 0.45,
  behindFigureCrispQuality: 0.5,
  figureBodyShare: 0.5,
  figureHeightMm: 60,
  overlapToleranceMm: 2,
  reseatBelowQuality: 0.6,
  reseatEdgeSigmaPx: 0.45,
  reseatShare: 0.5,
  reseatMaxMm: 6,
  maxReseatFits: 80,
  reseatMargin: 0.08,
  reseatMinMoveMm: 3,
  maxSigmaMm: 3,
  heightToleranceMm: 1,
  misreadQuality: 0.7,
  misreadMatShare: 0.8,
  misreadGain: 2,
  topAsBottomRatio: 1.5,
  sizeOffsetGain: 1.5,
  edgeBiasPx: 0.05,
}

/** Where to look again: a base seen before (its class and pose), searched within `reachMm`. */
export type TrackedStart = {
  key: string; x: number; y: number; facingDeg: number; reachMm: number; z0?: number; nearEdge?: 'bottom' | 'top'
  /**
   * A base found where no model was known, not yet confirmed over frames: re-fitted where it was, but
   * not a known base (it must pass as a new one in every frame, and it holds no place against one).
   */
  pending?: boolean
}

export type BaseSearchRequest = {
  classes: readonly BaseClass[]
  /** Where bases may stand, mm (the table). */
  table: { x0: number; y0: number; x1: number; y1: number }
  tracked: readonly TrackedStart[]
  /** Vote over the whole view this frame. */
  search: boolean
  /** Where no unmarked base can be (a marker-tracked model's base, a marker's paper): circles, mm. */
  exclude: ReadonlyArray<{ x: number; y: number; r: number }>
  /** Top of what a base at (x, y) stands on, mm (terrain). */
  surfaceHeightAt?: (x: number, y: number) => number
  /** Footprints a base on the table cannot overlap (terrain pieces), table mm. */
  obstacles?: ReadonlyArray<ReadonlyArray<readonly [number, number]>>
  /**
   * Models placed by other means (their markers) with their bases: their figures rise as a found
   * base's do, and a fit where one may rise is held to the same rule (`behindFigureMatShare` …); and
   * no base found interpenetrates one (`overlap`: a part of it, or of its figure, seen as a base).
   */
  standing?: ReadonlyArray<{ x: number; y: number; shape: BaseShape; heightMm: number }>
}

export type BaseObservation = {
  key: string
  shape: BaseShape
  x: number
  y: number
  /** Facing from the base's outline, degrees; meaningful up to `facingSymmetryDeg` (round bases: none). */
  facingDeg: number
  facingSigmaDeg: number
  z: number
  heightMm: number
  /**
   * Position covariance, mm² (xx, xy, yy; the fit's, with a tie between the near side's two readings:
   * `readingTieQuality`), and the radial 1σ with the edge bias and the table lock's share.
   */
  cov: [number, number, number]
  sigmaMm: number
  /** Share of the rim seen, and share of it inside the frame. */
  rimSeen: number
  rimInFrame: number
  edgeSigmaPx: number
  status: 'ok' | 'doubted'
  reasons: string[]
  /** Where it came from: a tracked base fitted again, or the search. */
  from: 'tracked' | 'search'
  /** Index into the request's `tracked` (when from it). */
  trackedIndex: number
  /** Other shapes that fit this place nearly as well (the size is not sure between them). */
  alsoFits: string[]
  /** Image px per mm at the base. */
  pxPerMm: number
  /** The edge that bounds it on the camera's side (BaseFitStart.nearEdge): re-fit it the same way. */
  nearEdge: 'bottom' | 'top'
}

export type FindBasesResult = { observations: BaseObservation[]; searched: boolean; candidates: number; fits: number; ms: number }

type Fitted = {
  fit: BaseFit; cls: BaseClass; quality: number; from: 'tracked' | 'search'; trackedIndex: number; nearEdge: 'bottom' | 'top'; z0: number
  /** The share of a rim seen at this place, when more than this fit's own: its top reading's, refused for its place (topBandInnerShare) but a base's rim all the same, or its other reading's within the tie. */
  seenShare?: number
  /** The look's other reading of its near side (bottom edge or top), where it fitted and was not refused: its place and quality. */
  other?: Pick<Fitted, 'fit' | 'quality'>
}

export class BaseFinder {
  readonly params: FindBasesParams
  private readonly plane: TablePlaneImage
  private readonly scratch: VoteScratch = createVoteScratch()
  private tables = new Map<string, CentreTable>()
  private mapX = new Float32Array(0)
  private mapY = new Float32Array(0)

  /** Diagnostics: each search place and each fit at it, in words (benchmarks and debugging; off by default). */
  trace: ((line: string) => void) | null = null

  constructor(handle: OpenCvHandle, params: Partial<FindBasesParams> = {}) {
    this.params = { ...DEFAULT_FIND_BASES_PARAMS, ...params }
    this.plane = new TablePlaneImage(handle)
  }

  find(frame: RgbaFrame, lock: LockedTable, request: BaseSearchRequest): FindBasesResult {
    const started = performance.now()
    const p = this.params
    const proj = tableProjector(lock)
    this.table = request.table
    this.obstacles = request.obstacles ?? []
    this.surfaceAt = request.surfaceHeightAt ?? null
    const byKey = new Map(request.classes.map((c) => [c.key, c]))
    const fitted: Fitted[] = []
    let fits = 0
    const z0At = (x: number, y: number) => request.surfaceHeightAt?.(x, y) ?? 0
    request.tracked.forEach((t, i) => {
      const cls = byKey.get(t.key)
      if (!cls) return
      const z0 = t.z0 ?? z0At(t.x, t.y)
      const fit = fitBase(frame, proj, { shape: cls.shape, x: t.x, y: t.y, facingDeg: t.facingDeg, heightMm: cls.heightMm, z0, reachMm: t.reachMm, fitFacing: true, facingReachDeg: 10, nearEdge: t.nearEdge, palette: this.palette, table: request.table }, p.fit)
      fits++
      const q = this.quality(fit, cls.shape, t.reachMm, t.x, t.y, t.nearEdge)
      if (q !== null) fitted.push({ fit, cls, quality: q, from: 'tracked', trackedIndex: i, nearEdge: t.nearEdge ?? 'bottom', z0 })
    })
    let candidates = 0
    const searched = request.search
    if (request.search && request.classes.length) {
      const looks = this.candidates(frame, lock, proj, request, byKey)
      candidates = looks.length
      let searchFits = 0
      const fitLook = (c: BaseClass, x: number, y: number, facingDeg: number, quick: number): Fitted | null => {
        let best: Fitted | null = null, other: Fitted | null = null
        for (const nearEdge of ['bottom', 'top'] as const) {
          const z0 = z0At(x, y)
          const fit = fitBase(frame, proj, { shape: c.shape, x, y, facingDeg, heightMm: c.heightMm, z0, reachMm: p.searchReachMm, fitFacing: true, facingReachDeg: facingSymmetryDeg(c.shape) ? 8 : 0, nearEdge, palette: this.palette, table: request.table }, p.fit)
          fits++
          searchFits++
          const q = this.quality(fit, c.shape, p.searchReachMm, x, y, nearEdge)
          this.trace?.(`look ${x.toFixed(0)},${y.toFixed(0)} quick ${quick.toFixed(1)} ${c.key} f ${facingDeg.toFixed(0)} ${nearEdge} → ${fit.x.toFixed(1)},${fit.y.toFixed(1)} f ${fit.facingDeg.toFixed(0)} seen ${fit.rimSeen}/${fit.rimPoints} tight ${fit.rimTight} off ${fit.offsetMm.toFixed(2)} σe ${fit.edgeSigmaPx.toFixed(2)} step ${fit.stepBottom.toFixed(0)} mat ${fit.matShare.toFixed(2)} h ${fit.heightMm.toFixed(1)}±${fit.heightSigmaMm.toFixed(1)} q ${q?.toFixed(2) ?? 'none'}`)
          if (q === null) continue
          const reading: Fitted = { fit, cls: c, quality: q, from: 'search', trackedIndex: -1, nearEdge, z0 }
          if (best && q <= best.quality + (nearEdge === 'top' ? p.nearTopMargin : 0)) {
            // (a losing reading within the tie of the chosen one, not refused, is the place's other reading)
            if (q >= best.quality - p.readingTieQuality && !(nearEdge === 'top' && this.bottomReadAsTop(frame, proj, c.shape, fit, z0))) other = reading
            continue
          }
          if (nearEdge === 'top' && best && this.bottomReadAsTop(frame, proj, c.shape, fit, z0)) {
            this.trace?.(`look ${x.toFixed(0)},${y.toFixed(0)} ${c.key}: its top reading's near rim is the bottom edge (inward ${this.band[0]!.toFixed(0)}, outward ${this.band[1]!.toFixed(0)}, at the rim ${this.band[2]!.toFixed(0)})`)
            // (the place is the bottom reading's; what it saw of a rim there counts for the base)
            const topShare = fit.rimPoints ? fit.rimSeen / fit.rimPoints : 0
            if (topShare > rimShare(best)) best.seenShare = topShare
            continue
          }
          // (two readings of one place within the tie are one base read by either edge: what either saw
          // of its rim counts for it, as a refused top reading's does above)
          if (best && q - best.quality <= p.readingTieQuality && Math.hypot(fit.x - best.fit.x, fit.y - best.fit.y) <= SAME_PLACE_MM && rimShare(best) > rimShare(reading)) reading.seenShare = rimShare(best)
          other = best
          best = reading
        }
        if (best && other) best.other = other
        return best
      }
      // Already a base here, fitted well (a tracked one, or a better look's)? Then not again, unless this
      // shape is bigger (it may hold that one: a small shape also fits part of a big base's rim).
      const settledAt = (cls: BaseClass, look: { x: number; y: number }) => fitted.some((f) => f.quality >= p.settledQuality && areaMm2(cls.shape) <= areaMm2(f.cls.shape) * 1.05 && insideOutline(f.cls.shape, ...local(f.fit, look.x, look.y), 2))
      const printLooks: typeof looks = []
      for (const look of looks) {
        if (searchFits >= p.maxSearchFits) break
        const cls = byKey.get(look.key)!
        if (settledAt(cls, look)) continue
        // A print on the mat (a printed grid's cells vote as strongly as bases) waits until every other
        // look is fitted: read where the look stands, as quality() reads a fit.
        readWhatStandsAt(frame, proj, cls.shape, look.x, look.y, z0At(look.x, look.y), cls.heightMm, request.table, this.palette, this.stands, p.fit)
        if (this.isPrint(this.stands[0]!, this.stands[1]!)) {
          this.trace?.(`look ${look.x.toFixed(0)},${look.y.toFixed(0)} ${cls.key}: a print on the mat (top ${this.stands[0]!.toFixed(2)}, rise ${this.stands[1]!.toFixed(2)})`)
          printLooks.push(look)
          continue
        }
        const best = fitLook(cls, look.x, look.y, look.facingDeg, look.quick)
        if (!best) continue
        fitted.push(best)
        // The vote may favour a shape of the army's that merely resembles the base (a square for a
        // round one of its width: their rims share most points): the army's other shapes of about its
        // size are fitted where this one settled, and the better fit wins the place below.
        for (const other of request.classes) {
          if (other === cls || !similarSize(other.shape, cls.shape)) continue
          if (fitted.some((f) => f.cls === other && Math.hypot(f.fit.x - best.fit.x, f.fit.y - best.fit.y) < 3)) continue
          const alt = fitLook(other, best.fit.x, best.fit.y, best.fit.facingDeg, look.quick)
          if (alt) fitted.push(alt)
        }
      }
      // The looks that read as prints are fitted last, with what is left of the budget: a base whose top
      // has the mat's colour and whose figure is slight reads so, and the fit's own reading (quality(),
      // which lets a rim that stands out all round stand) decides (seeds 1–8: 3 bases more, no false
      // report more; seeds 17–20, rendered after: 4 more and 1).
      for (const look of printLooks) {
        if (searchFits >= p.maxSearchFits) break
        const cls = byKey.get(look.key)!
        if (settledAt(cls, look)) continue
        const best = fitLook(cls, look.x, look.y, look.facingDeg, look.quick)
        if (best) fitted.push(best)
      }
      // A weak fit may have settled beside its base (the vote's peak lies beside it: a shadow's or a
      // figure's edges vote too): once every look is fitted, it is fitted again from starts about it
      // (reseatShare), with a budget of its own, unless a better fit already holds its place. It moves
      // onto a place a fit as good as it was holds only when it beats that one by the same margin too
      // (a second try steals no place on a near tie).
      let reseatFits = 0
      const weak = fitted.filter((f) => f.from === 'search' && (f.quality < p.reseatBelowQuality || f.fit.edgeSigmaPx > p.reseatEdgeSigmaPx)).sort((a, b) => b.quality - a.quality)
      for (const f of weak) {
        if (reseatFits >= p.maxReseatFits) break
        if (fitted.some((o) => o !== f && o.quality >= p.settledQuality && o.quality > f.quality && overlap(o, f, p.overlapToleranceMm))) continue
        const h = halfSizes(f.cls.shape), d = Math.min(p.reseatMaxMm, p.reseatShare * Math.min(h.forward, h.side))
        const a = (f.fit.facingDeg * Math.PI) / 180, ca = Math.cos(a), sa = Math.sin(a)
        let best = f
        for (const [u, w] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
          const before = fits
          const alt = fitLook(f.cls, f.fit.x + d * (u * ca - w * sa), f.fit.y + d * (u * sa + w * ca), f.fit.facingDeg, 0)
          reseatFits += fits - before
          if (alt && alt.quality > best.quality + (best === f ? p.reseatMargin : 0) && Math.hypot(alt.fit.x - f.fit.x, alt.fit.y - f.fit.y) >= p.reseatMinMoveMm && !fitted.some((o) => o !== f && o.quality >= f.quality && alt.quality <= o.quality + p.reseatMargin && overlap(o, alt, p.overlapToleranceMm))) best = alt
        }
        if (best !== f) fitted[fitted.indexOf(f)] = best
      }
    }
    // One base per place: the better of two fits that cannot both be bases (their inscribed circles overlap: `overlap`).
    // Bases found again where they stood come first: a fit of the search on one of them is something
    // standing on it (its figure), never a base (bases do not stand on bases).
    // (A pending base's re-fit is a new base still: known ones only count as tracked here.)
    const known = (f: Fitted) => f.from === 'tracked' && request.tracked[f.trackedIndex]?.pending !== true
    fitted.sort((a, b) => (known(a) === known(b) ? b.quality - a.quality : known(a) ? -1 : 1))
    const kept: Fitted[] = []
    const cam = proj.camera
    const dist = (f: Fitted) => Math.hypot(f.fit.x - cam[0], f.fit.y - cam[1])
    // A search fit standing where base b's figure rises in the picture may be that figure (its body or
    // cloak looks like a rim; a figure is no wider than its own base), unless it fits as only a base
    // does (quality ≥ behindFigureSureQuality), or has the mat all along its bottom edge and a crisp
    // edge (a figure's outline is ragged), or, with less of the mat round it (the neighbour's shadow), a
    // rim as only a base draws it (crisp, fitting well) away from where that figure's body itself would
    // be (near its axis, below its top). Those last two are a base standing behind b; where the two
    // fits overlap (`clash`) none can, so only the first keeps c (soft seed 32: a figure's blue body
    // over a flocked 50 mm base, the mat all round it and a crisp edge, fitted as a 28 mm round).
    const figureOf = (b: Stander, c: Fitted, clash = false) =>
      b.fitted !== c && c.quality < p.behindFigureSureQuality && Math.hypot(b.x - cam[0], b.y - cam[1]) < dist(c) && smallerOrSame(c.cls.shape, b.shape) &&
      inFigureOf(proj, b, c, p.figureHeightMm) && (clash || !(c.fit.matShare >= p.behindFigureMatShare && c.fit.edgeSigmaPx <= p.behindFigureEdgeSigmaPx && c.quality >= p.behindFigureMatQuality) &&
      !(c.fit.edgeSigmaPx <= p.behindFigureCrispEdgeSigmaPx && c.quality >= p.behindFigureCrispQuality && !inFigureOf(proj, b, c, p.figureHeightMm, p.figureBodyShare)))
    const standerOf = (b: Fitted): Stander => ({ x: b.fit.x, y: b.fit.y, shape: b.cls.shape, topMm: b.fit.heightMm, fitted: b })
    // A base never stands on another: a fit wholly inside a bigger base's is something on that base
    // (a big model's body), so the bigger one wins where it fits nearly as well (`containerMargin`)
    // with the mat round it, and so does one clearly bigger and nearer the camera whose figure the
    // smaller fit may be (`figureOf`: it straddles the bigger one's far rim).
    for (const f of fitted) {
      if (request.exclude.some((e) => Math.hypot(e.x - f.fit.x, e.y - f.fit.y) < e.r)) continue
      if (request.standing?.some((m) => overlapsBase(m, f, p.overlapToleranceMm))) continue
      const clashes = kept.filter((k) => overlap(k, f, p.overlapToleranceMm))
      if (clashes.length === 0) { kept.push(f); continue }
      if (!known(f) && clashes.some(known)) continue
      if (clashes.every((k) => (contains(f, k) || (!known(k) && areaMm2(f.cls.shape) >= CLEARLY_BIGGER * areaMm2(k.cls.shape) && figureOf(standerOf(f), k, true))) && !similarSize(f.cls.shape, k.cls.shape) && f.quality >= Math.max(p.containerQuality, k.quality - p.containerMargin)) && matRound(f) >= p.containerMatShare) {
        for (const k of clashes) kept.splice(kept.indexOf(k), 1)
        kept.push(f)
      }
    }
    // A base the search found with its centre inside a known base's outline (where that one stood: its
    // re-fit may have failed this frame, a hand or a figure over most of it) is a part of that base
    // seen as a smaller one, never another base: bases do not stand on bases. (It has held its place
    // above, so a fit beside it on the same rim is not taken for a base either.)
    // (One of its own size there is that base found again, when its re-fit missed it: kept.)
    const inKnown = (f: Fitted) => !known(f) && request.tracked.some((t) => { const c = byKey.get(t.key); return !t.pending && !!c && t.key !== f.cls.key && insideOutline(c.shape, ...local(t, f.fit.x, f.fit.y)) })
    for (let i = kept.length - 1; i >= 0; i--) if (inKnown(kept[i]!)) kept.splice(i, 1)
    // A base the search found, standing where a nearer base's or marked model's figure rises in the
    // picture, may be that figure (`figureOf`).
    const standers: Stander[] = [...kept.map(standerOf), ...(request.standing ?? []).map((m) => ({ x: m.x, y: m.y, shape: m.shape, topMm: m.heightMm, fitted: null }))]
    const clear = kept.filter((c) => known(c) || !standers.some((b) => figureOf(b, c)))
    if (this.trace) for (const c of kept) if (!clear.includes(c)) this.trace(`look ${c.fit.x.toFixed(0)},${c.fit.y.toFixed(0)} ${c.cls.key}: where a nearer figure rises (mat ${c.fit.matShare.toFixed(2)}, σe ${c.fit.edgeSigmaPx.toFixed(2)}, q ${c.quality.toFixed(2)})`)
    // A base first seen in this frame must be clearly a base; "doubted" is for known bases partly hidden.
    const shown = clear.filter((f) => known(f) || (rimShare(f) >= p.okRimShare && !(f.quality < p.newWeakQuality && f.fit.edgeSigmaPx > p.newLooseEdgeSigmaPx) && !this.reachesIn(frame, proj, f)))
    const observations = shown.map((f) => this.observation(f, fitted, lock, this.topAsBottom(frame, proj, f)))
    return { observations, searched, candidates, fits, ms: performance.now() - started }
  }

  private readonly band = new Float64Array(3)
  /** A new base's top that is part of something reaching in over the table (`FindBasesParams.reachingIn`). */
  private reachesIn(frame: RgbaFrame, proj: TableProjector, f: Fitted): boolean {
    const r = this.params.reachingIn
    if (f.fit.edgeSigmaPx <= this.params.reachingInCrispEdgeSigmaPx) return false
    if (!r || !reachingIn(frame, proj, f.cls.shape, f.fit.x, f.fit.y, f.fit.facingDeg, f.z0, f.fit.heightMm, r)) return false
    this.trace?.(`look ${f.fit.x.toFixed(0)},${f.fit.y.toFixed(0)} ${f.cls.key}: its top is part of something reaching in over the table (a hand, an arm)`)
    return true
  }

  /** A top reading whose near rim has an edge one band inward, as strong as one band outward: the bottom edge taken for the top (topBandInnerShare). */
  private bottomReadAsTop(frame: RgbaFrame, proj: TableProjector, shape: BaseShape, fit: BaseFit, z0: number): boolean {
    if (nearBandSteps(frame, proj, shape, fit.x, fit.y, fit.facingDeg, z0, fit.heightMm, fit.offsetMm, 'top', this.band) < 4) return false
    return this.band[0]! >= this.band[1]! && this.band[0]! >= this.params.topBandInnerShare * this.band[2]!
  }

  /** A bottom reading whose near rim has an edge one band outward, stronger than one band inward by topAsBottomRatio: the top edge taken for the bottom? */
  private topAsBottom(frame: RgbaFrame, proj: TableProjector, f: Fitted): boolean {
    const fit = f.fit
    if (f.nearEdge !== 'bottom' || nearBandSteps(frame, proj, f.cls.shape, fit.x, fit.y, fit.facingDeg, f.z0, fit.heightMm, fit.offsetMm, 'bottom', this.band) < 4) return false
    return this.band[1]! >= this.params.topAsBottomRatio * Math.max(1, this.band[0]!)
  }

  /** The top's share with the table's colour and the share of the middle without it (BaseFit's topMatShare, riseShare): a print on the mat? */
  private isPrint(topMatShare: number, riseShare: number): boolean {
    return topMatShare >= this.params.printTopShare && riseShare < this.params.printRiseShare
  }

  private readonly stands = new Float64Array(2)

  /** The mat's colours from the last search (MatPalette), or null before one. */
  palette: Uint8Array | null = null

  /** The last search's looks (diagnostics). */
  lastLooks: Array<{ x: number; y: number; key: string; facingDeg: number; quick: number }> = []

  private table = { x0: -Infinity, y0: -Infinity, x1: Infinity, y1: Infinity }

  private obstacles: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = []

  private surfaceAt: ((x: number, y: number) => number) | null = null

  /**
   * A base whose outline reaches into a terrain piece's footprint: no base (a wall's corner, a crate's
   * edge), unless it stands on that piece's top (its centre over the piece, which `surfaceHeightAt` raises).
   */
  private hitsObstacle(fit: BaseFit, shape: BaseShape): boolean {
    const h = halfSizes(shape)
    const a = (fit.facingDeg * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a)
    for (const poly of this.obstacles) {
      if (polygonContains(poly as Array<[number, number]>, fit.x, fit.y)) {
        if ((this.surfaceAt?.(fit.x, fit.y) ?? 0) > 0) continue // standing on its top
        return true
      }
      for (let k = 0; k < 16; k++) {
        const th = (k / 16) * 2 * Math.PI
        const lx = (h.forward - 1) * Math.cos(th), ly = (h.side - 1) * Math.sin(th)
        if (polygonContains(poly as Array<[number, number]>, fit.x + c * lx - s * ly, fit.y + s * lx + c * ly)) return true
      }
    }
    return false
  }

  /** The fitted outline lies inside the table (1 mm slack): its corners' or its rim's extremes. */
  private onTable(fit: BaseFit, shape: BaseShape, reach: number): boolean {
    const t = this.table
    if (fit.x - reach >= t.x0 - 1 && fit.x + reach <= t.x1 + 1 && fit.y - reach >= t.y0 - 1 && fit.y + reach <= t.y1 + 1) return true
    const h = halfSizes(shape)
    const a = (fit.facingDeg * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a)
    for (let k = 0; k < 16; k++) {
      const th = (k / 16) * 2 * Math.PI
      const lx = shape.shape === 'rect' ? h.forward * Math.sign(Math.cos(th)) : h.forward * Math.cos(th)
      const ly = shape.shape === 'rect' ? h.side * Math.sign(Math.sin(th)) : h.side * Math.sin(th)
      const x = fit.x + c * lx - s * ly, y = fit.y + s * lx + c * ly
      if (x < t.x0 - 1 || x > t.x1 + 1 || y < t.y0 - 1 || y > t.y1 + 1) return false
    }
    return true
  }

  /** A fit's quality (higher is better), or null when it is no base (file header). */
  private quality(fit: BaseFit, shape: BaseShape, reachMm: number, x: number, y: number, nearEdge: 'bottom' | 'top' = 'bottom'): number | null {
    const p = this.params
    const share = fit.rimPoints ? fit.rimSeen / fit.rimPoints : 0
    if (fit.rimSeen < p.minRimPoints || share < p.minRimShare) return null
    if (fit.edgeSigmaPx > p.maxEdgeSigmaPx || Math.abs(fit.offsetMm) > p.maxOffsetMm || fit.stepBottom < p.minStep) return null
    // (With the top edge read all round the band outside it is taken to be the mat's colour already.)
    if (nearEdge === 'bottom' && fit.matShare < p.minMatShare) return null
    // Flat print on the mat (a hex grid, flagstones) is no base: a base's top edge stands above its bottom.
    if (fit.heightMm < p.minHeightMm && fit.heightSigmaMm < 0.5) return null
    // … nor is one whose top is the table's colour with nothing standing on it (a flocked base with its figure stays).
    // (unless its rim stands out all round, crisp, over a side band of a base's height: printRimShare)
    if (this.isPrint(fit.topMatShare, fit.riseShare) && !(nearEdge === 'bottom' && share >= p.printRimShare && fit.edgeSigmaPx <= p.printEdgeSigmaPx && fit.heightSigmaMm <= p.printHeightSigmaMm && fit.heightMm >= p.minHeightMm)) return null
    if (Math.hypot(fit.x - x, fit.y - y) > reachMm + 2) return null
    // A base stands on the table: its outline lies inside the table's rectangle.
    const h = halfSizes(shape), r = Math.hypot(h.forward, h.side)
    if (!this.onTable(fit, shape, r)) return null
    if (this.obstacles.length && this.hitsObstacle(fit, shape)) return null
    if (!(Math.sqrt(fit.cov[0] + fit.cov[2]) <= p.maxSigmaMm)) return null
    // Compared between shapes fitted to one place: the rim seen within a fixed tolerance (a wrong
    // shape's corners or sides miss by more), less its need of an offset from the nominal size.
    return fit.rimTight / fit.rimPoints - 0.05 * (fit.offsetMm / p.fit.offsetSigmaMm) ** 2 - 0.3 * Math.max(0, fit.edgeSigmaPx - 0.3)
  }

  private observation(f: Fitted, all: readonly Fitted[], lock: LockedTable, topAsBottom: boolean): BaseObservation {
    const p = this.params
    const fit = f.fit
    const share = rimShare(f)
    const inFrame = fit.rimPoints ? fit.rimInFrame / fit.rimPoints : 0
    const reasons: string[] = []
    if (share < p.okRimShare) {
      reasons.push(inFrame < p.okRimShare
        ? `only ${Math.round(share * 100)} % of its rim is seen: the frame cuts it`
        : `only ${Math.round(share * 100)} % of its rim is seen (covered: a figure, a hand, a neighbour?)`)
    }
    // Shapes that fit this place nearly as well (another fit on it, within 0.05 of the quality).
    const alsoFits = [...new Set(all.filter((o) => o !== f && o.cls.key !== f.cls.key && o.quality > f.quality - 0.05 && Math.hypot(o.fit.x - fit.x, o.fit.y - fit.y) < 3).map((o) => o.cls.key))]
    const bias = (p.edgeBiasPx / Math.max(0.05, fit.pxPerMm)) ** 2
    // The near side read the other way (bottom edge for top) fits nearly as well: which edge the near
    // rim is cannot be told (a dark base's side on a dark mat), and the place is one of the two. Half
    // their distance along the line between them joins the covariance.
    let cov = fit.cov
    if (f.other && f.other.quality >= f.quality - p.readingTieQuality) {
      cov = addAlong(cov, (f.other.fit.x - fit.x) / 2, (f.other.fit.y - fit.y) / 2)
    }
    // A fit that may hold one edge of its near side for the other: its height off the heights bases
    // have, or too little of its outline explained (a weak fit, or a bottom edge with little of the mat
    // outside it: a neighbour's shadow, a figure before it). Each adds, along the line to the camera, the
    // shift such a misreading makes: a band's width (its height × the cotangent of the view's elevation)
    // times how far the fit falls short; a bottom reading whose band reads as the top's (topAsBottom),
    // the whole width.
    const misread = Math.hypot(
      Math.max(0, Math.abs(fit.heightMm - f.cls.heightMm) - p.heightToleranceMm),
      f.cls.heightMm * p.misreadGain * Math.max(0, p.misreadQuality - f.quality),
      f.cls.heightMm * p.misreadGain * Math.max(0, p.misreadMatShare - fit.matShare),
      topAsBottom ? f.cls.heightMm : 0,
    )
    // A fit whose size reads off its class's nominal size (the offset) has read an edge of one side off
    // by about twice that: its centre is off by about the offset, along the line to the camera where the
    // near side's band and the far side's top edge are read.
    const offset = p.sizeOffsetGain * fit.offsetMm
    if (misread > 0 || offset !== 0) {
      const cam = lock.cameraPositionMm
      const dx = cam[0] - fit.x, dy = cam[1] - fit.y, dist = Math.hypot(dx, dy), up = cam[2] - f.z0
      if (dist > 1e-6 && up > 1e-6) {
        const along = Math.hypot(misread * dist / up, offset)
        cov = addAlong(cov, (along * dx) / dist, (along * dy) / dist)
      } else {
        // (the camera straight above: no line to it; half on each axis)
        cov = [cov[0] + (offset * offset) / 2, cov[1], cov[2] + (offset * offset) / 2]
      }
    }
    const sigmaMm = Math.sqrt(cov[0] + cov[2] + 2 * bias + lockVariance(lock, fit.pxPerMm))
    return {
      key: f.cls.key, shape: f.cls.shape, x: fit.x, y: fit.y, facingDeg: fit.facingDeg, facingSigmaDeg: fit.facingSigmaDeg,
      z: f.z0, heightMm: fit.heightMm, cov, sigmaMm, rimSeen: share, rimInFrame: inFrame, edgeSigmaPx: fit.edgeSigmaPx,
      status: reasons.length ? 'doubted' : 'ok', reasons, from: f.from, trackedIndex: f.trackedIndex, alsoFits, pxPerMm: fit.pxPerMm, nearEdge: f.nearEdge,
    }
  }

  /**
   * Search candidates: the vote's peaks (per shape), each looked at quickly (quickRimScore) with the
   * shapes that voted for its place; the looks that score best first. A peak's vote says where a rim
   * may be; the look says how well a standing base of that shape explains the picture there.
   */
  private candidates(frame: RgbaFrame, lock: LockedTable, proj: TableProjector, request: BaseSearchRequest, byKey: ReadonlyMap<string, BaseClass>): Array<{ x: number; y: number; key: string; facingDeg: number; quick: number }> {
    const p = this.params
    const g = planeGridInView(proj, lock.tableFromImage, frame, request.table, p.cellMm, p.planeZMm, p.maxCells)
    if (!g) return []
    const n = g.width * g.height
    if (this.mapX.length < n) { this.mapX = new Float32Array(n); this.mapY = new Float32Array(n) }
    fillPlaneMap(proj, g, frame, this.mapX, this.mapY)
    const grad = this.plane.gradients(frame, this.mapX, this.mapY, g.width, g.height, p.blurCells)
    // The mat's colours, for what must lie just outside a base's bottom edge (kept for the frames between searches).
    for (let i = 0; i < n; i++) if (this.mapX[i]! < 0) grad.rgba[4 * i + 3] = 0
    this.palette = matPalette(grad.rgba, n)
    const tables = request.classes.map((c) => this.tableFor(c, g))
    // A peak on a print of the mat (a printed grid's cell, a flagstone: its middle the table's colour,
    // nothing standing on it) is passed over here, before the per-shape cap: a hex mat has hundreds.
    const accept = (v: CentreCandidate) => {
      const c = byKey.get(v.key)!
      readWhatStandsAt(frame, proj, c.shape, v.x, v.y, request.surfaceHeightAt?.(v.x, v.y) ?? 0, c.heightMm, request.table, this.palette, this.stands, p.fit)
      const print = this.stands[0]! >= p.peakPrintTopShare && this.stands[1]! < p.peakPrintRiseShare
      if (print) this.trace?.(`peak ${v.x.toFixed(0)},${v.y.toFixed(0)} ${v.key}: a print on the mat (top ${this.stands[0]!.toFixed(2)}, rise ${this.stands[1]!.toFixed(2)})`)
      return !print
    }
    const votes = voteBaseCentres(grad, g, this.mapX, tables, { ...p.vote, maxPerShape: p.maxVotesPerShape }, this.scratch, accept)
    // Places: votes of all shapes within half the smallest base's radius are one place.
    const minor = Math.min(...request.classes.map((c) => { const h = halfSizes(c.shape); return Math.min(h.forward, h.side) }))
    // Shapes take turns (each one's k-th strongest peak before any one's k+1-th): a score is a share
    // of one shape's full rim, and a big shape on a printed grid gathers more of it from the print's
    // lines than a small base does from its own rim, so a single ranking by score let one shape's
    // peaks take every place. Peaks past the cap on places still join a place they lie in.
    const rank = new Map<CentreCandidate, number>()
    const perKey = new Map<string, number>()
    for (const v of [...votes].sort((a, b) => b.score - a.score)) { const k = perKey.get(v.key) ?? 0; rank.set(v, k); perKey.set(v.key, k + 1) }
    votes.sort((a, b) => rank.get(a)! - rank.get(b)! || b.score - a.score)
    const places: Array<{ x: number; y: number; votes: CentreCandidate[] }> = []
    for (const v of votes) {
      if (request.exclude.some((e) => Math.hypot(e.x - v.x, e.y - v.y) < e.r)) continue
      const place = places.find((pl) => Math.hypot(pl.x - v.x, pl.y - v.y) < 0.5 * minor)
      if (place) place.votes.push(v)
      else if (places.length < p.maxPlaces) places.push({ x: v.x, y: v.y, votes: [v] })
    }
    const looks: Array<{ x: number; y: number; key: string; facingDeg: number; quick: number }> = []
    for (const pl of places) {
      const seen = new Set<string>()
      for (const v of pl.votes) {
        if (seen.has(v.key) || seen.size >= p.maxShapesPerPlace) continue
        seen.add(v.key)
        const ci = request.classes.findIndex((c) => c.key === v.key)
        const cls = request.classes[ci]!
        const facingDeg = v.facingDeg ?? orientationAt(tables[ci]!, g, grad.width, v.x, v.y, 1.5 * g.cellMm * p.vote.accumulatorCells, this.scratch)
        const start = { shape: cls.shape, x: v.x, y: v.y, facingDeg, heightMm: cls.heightMm, z0: request.surfaceHeightAt?.(v.x, v.y) ?? 0, reachMm: 0, fitFacing: false }
        let quick = -Infinity, bestFacing = facingDeg
        for (const turn of facingSymmetryDeg(cls.shape) ? [0, -15, 15] : [0]) {
          const score = quickRimScore(frame, proj, { ...start, facingDeg: facingDeg + turn }, cls.heightMm, p.quickReachMm)
          if (score > quick) { quick = score; bestFacing = facingDeg + turn }
        }
        if (quick >= p.minQuickScore) looks.push({ x: v.x, y: v.y, key: v.key, facingDeg: bestFacing, quick })
      }
    }
    looks.sort((a, b) => b.quick - a.quick)
    this.lastLooks = looks
    return looks
  }

  private tableFor(c: BaseClass, g: PlaneGrid): CentreTable {
    const id = `${c.key}@${g.cellMm.toFixed(3)}`
    let t = this.tables.get(id)
    if (!t) {
      if (this.tables.size > 64) this.tables.clear()
      t = buildCentreTable(c.key, c.shape, g.cellMm, this.params.vote.accumulatorCells)
      this.tables.set(id, t)
    }
    return t
  }

  dispose(): void {
    this.plane.dispose()
  }
}

/** A covariance ([xx, xy, yy], mm²) with σ² along the vector (x, y) added: |(x, y)| is that σ. */
function addAlong(cov: readonly [number, number, number], x: number, y: number): [number, number, number] {
  return [cov[0] + x * x, cov[1] + x * y, cov[2] + y * y]
}

/** The share of the rim seen at a fit's place (its own, or its refused top reading's: Fitted.seenShare). */
function rimShare(f: Fitted): number {
  const own = f.fit.rimPoints ? f.fit.rimSeen / f.fit.rimPoints : 0
  return f.seenShare !== undefined && f.seenShare > own ? f.seenShare : own
}

/**
 * Two fits overlap: they cannot both be bases. Two bases on a table are disjoint, and so are the
 * circles inscribed in them: their centres lie at least the sum of those circles' radii (each base's
 * smaller half-size) apart, less `toleranceMm` for the two fits' errors (bases in contact).
 */
function overlap(a: Fitted, b: Fitted, toleranceMm: number): boolean {
  return basesOverlap(a.fit.x, a.fit.y, a.cls.shape, b.fit.x, b.fit.y, b.cls.shape, toleranceMm)
}

/** … the same against a base placed by other means (BaseSearchRequest.standing). */
function overlapsBase(m: { x: number; y: number; shape: BaseShape }, f: Fitted, toleranceMm: number): boolean {
  return basesOverlap(m.x, m.y, m.shape, f.fit.x, f.fit.y, f.cls.shape, toleranceMm)
}

function basesOverlap(ax: number, ay: number, a: BaseShape, bx: number, by: number, b: BaseShape, toleranceMm: number): boolean {
  const ha = halfSizes(a), hb = halfSizes(b)
  return Math.hypot(ax - bx, ay - by) < Math.min(ha.forward, ha.side) + Math.min(hb.forward, hb.side) - toleranceMm
}

/**
 * Two of the army's shapes with about the same footprint (half-sizes within 1 mm: a round base and a
 * square of its width, an oval and a rectangle of its length and width): the vote cannot tell them
 * apart, both are fitted, and neither holds the other (the better fit wins).
 */
function similarSize(a: BaseShape, b: BaseShape): boolean {
  const ha = halfSizes(a), hb = halfSizes(b)
  const [a0, a1] = [Math.min(ha.forward, ha.side), Math.max(ha.forward, ha.side)]
  const [b0, b1] = [Math.min(hb.forward, hb.side), Math.max(hb.forward, hb.side)]
  return Math.abs(a0 - b0) <= 1 && Math.abs(a1 - b1) <= 1
}

function areaMm2(b: BaseShape): number {
  const h = halfSizes(b)
  return b.shape === 'rect' ? 4 * h.forward * h.side : Math.PI * h.forward * h.side
}

/** A base something stands on: a fit, or a model placed by its marker (BaseSearchRequest.standing). */
type Stander = { x: number; y: number; shape: BaseShape; topMm: number; fitted: Fitted | null }

/** Base c is no bigger than base b (its smaller half-size at most b's larger one). */
function smallerOrSame(c: BaseShape, b: BaseShape): boolean {
  const hc = halfSizes(c), hb = halfSizes(b)
  return Math.min(hc.forward, hc.side) <= Math.max(hb.forward, hb.side)
}

const _c0 = new Float64Array(2), _c1 = new Float64Array(2), _c2 = new Float64Array(2), _e = new Float64Array(2)

/**
 * Base c's centre (on the table) lies in the picture where b's figure may rise: within b's radius of
 * the segment from b's top up to `figureHeightMm` above it. With `deep` (a share of that radius), only
 * where the figure's body itself would be: that near the segment's axis, below the figure's top.
 */
function inFigureOf(proj: TableProjector, b: Stander, c: Fitted, figureHeightMm: number, deep = 0): boolean {
  const top = b.topMm
  if (!projectTablePoint(proj, b.x, b.y, top, _c0) || !projectTablePoint(proj, b.x, b.y, top + figureHeightMm, _c1)) return false
  if (!projectTablePoint(proj, c.fit.x, c.fit.y, 0, _c2)) return false
  const h = halfSizes(b.shape)
  if (!projectTablePoint(proj, b.x + Math.max(h.forward, h.side), b.y, top, _e)) return false
  const radiusPx = Math.hypot(_e[0]! - _c0[0]!, _e[1]! - _c0[1]!)
  const sx = _c1[0]! - _c0[0]!, sy = _c1[1]! - _c0[1]!
  const along = ((_c2[0]! - _c0[0]!) * sx + (_c2[1]! - _c0[1]!) * sy) / (sx * sx + sy * sy || 1)
  const t = Math.max(0, Math.min(1, along))
  const off = Math.hypot(_c2[0]! - _c0[0]! - t * sx, _c2[1]! - _c0[1]! - t * sy)
  return deep > 0 ? along <= 1 && off < deep * radiusPx : off < radiusPx
}

/**
 * The share of the mat round a fit's place: its own bottom edge's, or its other reading's where that
 * lies on the same place (within 1.5 mm): read by the top edge, a base's bottom outline is inferred, and
 * a figure's overhang or a shadow before it can cut what is read outside it there.
 */
function matRound(f: Fitted): number {
  const o = f.other
  return o && Math.hypot(o.fit.x - f.fit.x, o.fit.y - f.fit.y) <= 1.5 ? Math.max(f.fit.matShare, o.fit.matShare) : f.fit.matShare
}

/** Two readings of one look this close (mm) are of one place. */
const SAME_PLACE_MM = 2

/** A base is clearly the bigger of two at this ratio of their areas: an army's next size is 1.25 × or more (a 28 mm round and a 25 mm square, 616 and 625 mm², are one footprint). */
const CLEARLY_BIGGER = 1.2

const containedOutlines = new Map<string, Outline>()

/**
 * Fit `outer` holds `inner` (to 3 mm): inner's circle of its larger half-size lies in outer's inscribed
 * circle; or, where outer is clearly the bigger base (1.2 × inner's area: an army's next size is 1.25 ×
 * or more), inner's whole outline lies in outer's: an end of an oval or of a long rectangle holds a
 * round base that no inscribed circle does. (Without that gate a 25 mm square took a 28 mm round's
 * place, two readings of one footprint: terrain seed 13.)
 */
function contains(outer: Fitted, inner: Fitted): boolean {
  const ho = halfSizes(outer.cls.shape), hi = halfSizes(inner.cls.shape)
  if (Math.hypot(outer.fit.x - inner.fit.x, outer.fit.y - inner.fit.y) + Math.max(hi.forward, hi.side) <= Math.min(ho.forward, ho.side) + 3) return true
  if (areaMm2(outer.cls.shape) < CLEARLY_BIGGER * areaMm2(inner.cls.shape)) return false
  let o = containedOutlines.get(inner.cls.key)
  if (!o) containedOutlines.set(inner.cls.key, (o = sampleOutline(inner.cls.shape, 32)))
  const ai = (inner.fit.facingDeg * Math.PI) / 180, ci = Math.cos(ai), si = Math.sin(ai)
  const ao = (outer.fit.facingDeg * Math.PI) / 180, co = Math.cos(ao), so = Math.sin(ao)
  for (let i = 0; i < o.count; i++) {
    const u = o.points[2 * i]!, w = o.points[2 * i + 1]!
    const dx = inner.fit.x + ci * u - si * w - outer.fit.x, dy = inner.fit.y + si * u + ci * w - outer.fit.y
    if (!insideOutline(outer.cls.shape, co * dx + so * dy, -so * dx + co * dy, 3)) return false
  }
  return true
}

/** (x, y) in the frame of the fitted base, or of a base known to stand at a pose (forward, left). */
function local(fit: Pick<BaseFit, 'x' | 'y' | 'facingDeg'>, x: number, y: number): [number, number] {
  const a = (fit.facingDeg * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a)
  const dx = x - fit.x, dy = y - fit.y
  return [c * dx + s * dy, -s * dx + c * dy]
}

/**
 * The table lock's own share of a base's position variance, mm² (radial): the lock's RMS reprojection
 * error (px, over its reference markers' corners) at the table's scale at the base, shared by the
 * markers that made it (each of them pins the plane with four corners).
 */
function lockVariance(lock: LockedTable, pxPerMm: number): number {
  const e = lock.reprojectionErrorPx / Math.max(0.05, pxPerMm)
  return (2 * e * e) / Math.max(1, lock.referenceIds.length)
}
