/**
 * The story's chunk: the bar with Continue, predictions and the quiz link, and the comparison card.
 * @module
 */
export { StoryBar } from './StoryBar';
