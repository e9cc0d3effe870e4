import { ComponentType, LazyExoticComponent } from 'react';

type Screen = LazyExoticComponent<ComponentType>;

/** What a resource folder's index.ts exports, as in react-admin's demo: its screens and its icon. */
export interface ResourceScreens {
  list?: Screen;
  create?: Screen;
  edit?: Screen;
  /** One record in full, at /{name}/{id}. */
  show?: Screen;
  icon?: ComponentType;
}
