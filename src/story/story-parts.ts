/**
 * The story's chunk: the timeline's frames and the bar with predictions, the stops switch and the
 * quiz link (`StoryPart`), and the comparison card.
 * @module
 */
export { StoryPart } from './StoryBar';
export { CompareCard } from './compare-slot';
