// Blueprint's rules for the components the landing page leaves out, then the app's overrides of them.
import 'virtual:blueprint/rest.css';
import '../styles/blueprint-overrides.css';
