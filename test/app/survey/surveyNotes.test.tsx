// What the survey says to a player (issue 31): a view it leaves out is shown by its thumbnail, not as
// "view 5"; the table's measured size is quiet within what laying the corner markers by hand and a
// mat's own size explain, and beyond that says what differs and what to do.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ViewsNamed } from '../../../src/app/survey/SurveyStep.tsx'
import { sizeAllowanceMm, tableSizeNote } from '../../../src/app/survey/tableSizeNote.ts'
import { surveyScaleNote } from '../../../src/app/survey/scaleNote.ts'

describe('a left-out view is named by its thumbnail', () => {
  // The survey's own words for a view it leaves out (src/tracking/survey/measureMarkerMap.ts).
  const warning = '1 view (view 5) fit much worse than the others (blurred or shaken?) and was left out'
  it('"view 5" becomes the picture of view 5; the rest of the sentence stays', () => {
    const html = renderToStaticMarkup(<ViewsNamed text={warning} thumbs={new Map([[5, 'data:image/jpeg;base64,AAAA'], [6, 'data:image/jpeg;base64,BBBB']])} />)
    expect(html).toContain('<img class="survey-thumb-inline" src="data:image/jpeg;base64,AAAA"')
    expect(html).toContain('data-view="5"')
    expect(html).not.toContain('BBBB')
    expect(html.replace(/<img[^>]*>/g, '[picture]').replace(/<\/?span>/g, '')).toBe('1 view ([picture]) fit much worse than the others (blurred or shaken?) and was left out')
  })
  it('a view with no thumbnail (a photo is named by its file name) is left as written', () => {
    expect(renderToStaticMarkup(<ViewsNamed text="table marker 2 in IMG_0412.jpg was 3.1 mm off the map" thumbs={new Map()} />).replace(/<\/?span>/g, '')).toBe('table marker 2 in IMG_0412.jpg was 3.1 mm off the map')
  })
})

describe('the table size the corner markers give', () => {
  const set = { width: 1219.2, depth: 1219.2 }
  it('quiet within the allowance: 25 mm (two markers laid 12.5 mm off their corners) plus 1 % of the side', () => {
    expect(sizeAllowanceMm(1219.2)).toBeCloseTo(37.192, 9)
    expect(tableSizeNote({ widthMm: 1219.2 + 30, depthMm: 1219.2 - 12 }, set)).toBeNull()
    expect(tableSizeNote({}, set)).toBeNull()
  })
  it('beyond it: what differs and the two ways to put it right', () => {
    const note = tableSizeNote({ widthMm: 1118, depthMm: 1219.2 }, set)!
    expect(note).toBe('The corner markers make the table 1118 mm wide (set: 1219 mm). Distances between models are not affected; the table\'s edges are. If a corner marker is away from its corner, push its white square into the corner and survey again; if your table really is this size, set it in My table › 1 Table (Custom) and save.')
  })
})

describe("the survey's scale, as the player reads it", () => {
  it('its 1σ as a share and in mm across the farthest markers: 0.035 % of 1119.2 mm is 0.39 mm', () => {
    const note = surveyScaleNote(0.00035, true, 1119.2)
    expect(note.line).toBe('Scale ±0.035 % (1σ): ±0.4 mm across the 1119 mm between the farthest table markers.')
    expect(note.warning).toBeNull()
  })
  it('without a camera file: what the survey could not measure, what our tests found (0.05 %: 0.6 mm across 1119 mm) and what to do', () => {
    const note = surveyScaleNote(0.00012, false, 1119.2)
    expect(note.line).toBe('Scale ±0.012 % (1σ): ±0.1 mm across the 1119 mm between the farthest table markers.')
    expect(note.warning).toBe("No camera file: the survey measured this camera's focal length and centre from the same views, but not how its lens bends the picture. On a lens that does not bend it, our tests kept the scale within 0.05 % that way (0.6 mm here). For rulings to the millimetre, calibrate this camera (Camera › Calibrate camera) and survey again.")
  })
  it('a σ the views could not give (NaN, or missing from an older result) is said, not shown as a number', () => {
    expect(surveyScaleNote(Number.NaN, true, 1000).line).toBe('Scale: these views do not tell how sure it is.')
    expect(surveyScaleNote(undefined as unknown as number, true, 1000).line).toBe('Scale: these views do not tell how sure it is.')
  })
})
