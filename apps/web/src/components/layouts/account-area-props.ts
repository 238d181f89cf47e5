/** The props of the account part of the public navigation, signed in or not. */
export interface AccountAreaProps {
  /** "bar": the right of the desktop navigation; "menu": the bottom of the mobile menu. */
  placement: 'bar' | 'menu';
  /** Closes the mobile menu after a link is followed. */
  onNavigate?: () => void;
}
