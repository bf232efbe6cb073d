/**
 * The home's questionnaire journey (the questions, the style result, the matched designers with
 * their card actions and the commands behind them) is a chunk of its own: the home's first screen
 * does not show it, so `/` paints without it. HomePage loads it when the journey opens, and fetches
 * it anyway once the page has loaded and the browser is idle (when the offline layer starts), so a
 * first visit that goes offline afterwards can still take the quiz and see its result. The service
 * worker precaches it.
 */
export function loadHomeJourney(): Promise<typeof import('./components/HomeJourney')> {
  return import('./components/HomeJourney');
}
