/**
 * Motion's `domAnimation` feature pack, loaded on demand by `LazyMotion` so it stays out of the
 * first-render bundle (motion.dev, "Reduce bundle size").
 * @module
 */
import { domAnimation } from 'motion/react';

export default domAnimation;
